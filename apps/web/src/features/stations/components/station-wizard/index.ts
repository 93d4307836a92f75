export { StationWizard, type StationWizardProps } from './station-wizard';
