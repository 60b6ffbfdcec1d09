import AddIcon from '@mui/icons-material/Add';
import { Link } from 'react-router-dom';
import { useCanAccess, useCreatePath, useRecordContext } from 'react-admin';
import { BotonAccion } from './BotonAccion';

interface Props {
  /** The resource to create a record of. */
  resource: string;
  /** Its foreign key to the record in context, filled in on the new record's form. */
  target: string;
  label: string;
}

/**
 * Opens `resource`'s create form already pointing at the record in context. Not react-admin's
 * CreateButton: below desktop width it turns into a floating «+» with no word, away from the
 * list it adds to. Absent for a role that cannot create `resource` (its declaration, read by canAccess).
 */
export const CreateRelatedButton = ({ resource, target, label }: Props) => {
  const record = useRecordContext();
  const createPath = useCreatePath();
  const { canAccess } = useCanAccess({ action: 'create', resource });
  if (!record || !canAccess) return null;
  return (
    <BotonAccion
      component={Link}
      to={createPath({ resource, type: 'create' })}
      state={{ record: { [target]: record.id } }}
      label={label}
      icon={<AddIcon />}
    />
  );
};
