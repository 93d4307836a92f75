export { CodeInput } from './code-input';
export { showOnFields } from './field-errors';
export { SliderCheck, SliderCheckField } from './slider-check';
export { useSendCode } from './send-code';
