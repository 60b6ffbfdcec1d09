import {
  AutocompleteInput,
  type AutocompleteInputProps,
  ReferenceInput,
  type Validator,
} from 'react-admin';

interface Props extends Omit<AutocompleteInputProps, 'source'> {
  source: string;
  reference: string;
  validate?: Validator | Validator[];
  alwaysOn?: boolean;
}

/**
 * Picks a related record by name: the choices show the reference's recordRepresentation and
 * typing searches it through the API's `q`.
 */
export const ReferenceAutocomplete = ({ source, reference, alwaysOn: _alwaysOn, ...rest }: Props) => (
  <ReferenceInput source={source} reference={reference}>
    <AutocompleteInput {...rest} />
  </ReferenceInput>
);
