export { CodeInput } from './code-input';
export { showOnFields } from './field-errors';
export { SliderCheck } from './slider-check';
export { useSendCode } from './send-code';
