import type { FormRule } from 'antd';
import type { ReactNode } from 'react';

/** A form field's input; the default is a dictionary select for dictionary fields, else a text input. */
export type FieldInputs = Record<string, ReactNode>;

/** What a resource's add/edit form shows and how its values become the request. */
export interface ResourceForm<Row> {
  /** The fields of the add form, in order (the add schema's names). */
  fields: readonly string[];
  /** The fields of the edit form, when they differ. */
  editFields?: readonly string[];
  /** Inputs other than the default, for adding (null) or editing a record. */
  inputs?: FieldInputs | ((record: Row | null) => FieldInputs);
  /** Rules beyond the contract's, such as a confirmation equal to another field. */
  rules?: Record<string, FormRule[]>;
  /** Fields this form requires though the wire may omit them (a password confirmation). */
  required?: readonly string[];
  initialValues?: Record<string, unknown>;
  /** Values of an edited record that its row does not carry (its roles), loaded before the form shows. */
  load?: (record: Row) => Promise<Record<string, unknown>>;
  /** Fields that span the whole width (text areas); the others take half of a wide form. */
  wide?: readonly string[];
}
