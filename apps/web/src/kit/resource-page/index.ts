export { ResourcePage, type ResourceColumn, type ResourcePageProps } from './resource-page';
export { ResourceFormDialog } from './form-dialog';
export type { FieldInputs, ResourceForm } from './resource-form';
export { useFieldLabel } from './field-label';
export { resourceKeys, useResourceList, useResourceMutations, useResourceExport, type RecordOf } from './resource-api';
export { DateTimeInput, OptionalDateTimeInput } from './date-time-input';
