export { ResourcePage, type ResourceColumn, type ResourcePageProps } from './resource-page';
export { ResourceFormDialog, useFieldLabel, type FieldInputs, type ResourceForm } from './resource-form-dialog';
export { resourceKeys, useResourceList, useResourceMutations, useResourceExport, type RecordOf } from './resource-api';
export { DateTimeInput } from './date-time-input';
