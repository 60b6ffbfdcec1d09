import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, useListContext, useResourceContext, useTranslate } from 'react-admin';
import { exportUrl } from '../../providers/dataProvider';

/**
 * «Exportar»: the list as the API's CSV, filtered and sorted as shown. A plain link, so the
 * browser downloads the file itself (the session cookie goes with a top-level GET) and no
 * row passes through the admin's memory.
 */
export const ExportarButton = () => {
  const { data, filterValues, sort, total } = useListContext();
  const filas = data?.length ?? 0;
  const resource = useResourceContext();
  const translate = useTranslate();
  if (!resource) return null;
  return (
    <Button
      component="a"
      label="ra.action.export"
      href={exportUrl(resource, filterValues, sort)}
      download
      // No total at all when the API only estimated it (dataProvider `conTotal`): the rows shown say there is something to export.
      disabled={total == null ? filas === 0 : total === 0}
      // Named even when disabled: on a phone react-admin's disabled Button is a bare icon (axe: link-name).
      aria-label={translate('ra.action.export')}
    >
      {/* As a child, not startIcon: on a phone react-admin's Button shows only its child, the icon. */}
      <DownloadIcon />
    </Button>
  );
};
