import { CreateButton, useRecordContext } from 'react-admin';

interface Props {
  /** The resource to create a record of. */
  resource: string;
  /** Its foreign key to the record in context, filled in on the new record's form. */
  target: string;
  label: string;
}

/** Opens `resource`'s create form already pointing at the record in context. */
export const CreateRelatedButton = ({ resource, target, label }: Props) => {
  const record = useRecordContext();
  if (!record) return null;
  return <CreateButton resource={resource} label={label} state={{ record: { [target]: record.id } }} />;
};
