import { useContext, type ReactNode } from 'react';
import { Box, CircularProgress, InputAdornment, LinearProgress } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useWatch } from 'react-hook-form';
import { ListContext, SearchInput, useListContext, useTranslate, type SearchInputProps } from 'react-admin';

/**
 * Whether the rows on screen answer a question no longer asked: react-admin keeps the previous
 * page while the next one (a search, a filter, another page) is fetched. On a million pagos that
 * took seconds, and the old rows read as the answer.
 */
export const useRespuestaPendiente = () => {
  // Outside a list (a layout drawn on its own) nothing is pending.
  const lista = useContext(ListContext);
  return Boolean(lista?.isFetching && lista.isPlaceholderData);
};

/** The list's rows, dimmed under a progress bar and marked busy while they are the previous answer. */
export const RespuestaPendiente = ({ children }: { children: ReactNode }) => {
  const pendiente = useRespuestaPendiente();
  const translate = useTranslate();
  return (
    <Box sx={{ position: 'relative' }} aria-busy={pendiente}>
      {pendiente && (
        <LinearProgress aria-label={translate('aula.buscando')} sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />
      )}
      <Box sx={{ opacity: pendiente ? 0.4 : 1, transition: 'opacity 150ms' }}>{children}</Box>
    </Box>
  );
};

/**
 * react-admin's search box, whose magnifying glass turns into a spinner from the first letter
 * typed until the answer is on screen: the filter waits half a second for more letters before
 * it asks, and the rows below are still the old ones all that time.
 */
export const BuscarInput = (props: SearchInputProps) => {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const escrito = useWatch({ name: props.source });
  const pendiente = useRespuestaPendiente();
  const buscando = pendiente || String(escrito ?? '') !== String(filterValues?.[props.source] ?? '');
  return (
    <SearchInput
      {...props}
      InputProps={{
        startAdornment: (
          <InputAdornment position="start">
            {buscando ? <CircularProgress size={18} aria-label={translate('aula.buscando')} /> : <SearchIcon color="disabled" />}
          </InputAdornment>
        ),
        endAdornment: undefined,
      }}
    />
  );
};
