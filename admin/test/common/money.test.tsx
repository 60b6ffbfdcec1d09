import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, RecordContextProvider, ResourceContextProvider, SimpleForm } from 'react-admin';
import { centimosToText, formatMoney, parseImporte } from '../../src/common/formato/money';
import { MoneyField } from '../../src/common/formato/MoneyField';
import { MoneyInput } from '../../src/common/formularios/MoneyInput';
import { recursosI18n } from '../recursosI18n';

// Intl separates the amount from the symbol with a no-break space.
const plain = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');

describe('money in céntimos', () => {
  it('formats céntimos as Spanish currency', () => {
    expect(plain(formatMoney(1999))).toBe('19,99 €');
    expect(plain(formatMoney(123456))).toBe('1234,56 €');
    expect(plain(formatMoney(0))).toBe('0,00 €');
    expect(plain(formatMoney(500, 'USD'))).toBe('5,00 US$');
  });

  it('reads amounts typed the Spanish way, exactly, and refuses what is ambiguous', () => {
    const table: [string, ReturnType<typeof parseImporte>][] = [
      ['49,90', { centimos: 4990 }],
      ['49.90', { centimos: 4990 }],
      ['49,9', { centimos: 4990 }],
      ['49', { centimos: 4900 }],
      ['0,05', { centimos: 5 }],
      ['19,99', { centimos: 1999 }],
      ['1.234,56', { centimos: 123456 }],
      ['1234,56', { centimos: 123456 }],
      ['1 234,56', { centimos: 123456 }],
      ['1\u00a0234,56 €', { centimos: 123456 }],
      ['12.345.678', { centimos: 1234567800 }],
      [' 49,90 € ', { centimos: 4990 }],
      ['', { centimos: null }],
      ['1.234', { error: 'ambiguo' }],
      ['1,234', { error: 'ambiguo' }],
      ['49,901', { error: 'ambiguo' }],
      ['1,234.56', { error: 'invalido' }],
      ['1.23,45', { error: 'invalido' }],
      ['-5', { error: 'invalido' }],
      ['abc', { error: 'invalido' }],
      ['4,99e2', { error: 'invalido' }],
      ['21.474.836,48', { error: 'demasiado' }],
      ['21.474.836,47', { centimos: 2147483647 }],
    ];
    for (const [typed, expected] of table) expect(parseImporte(typed), typed).toEqual(expected);
  });

  it('shows stored céntimos as Spanish text that reads back to the same céntimos', () => {
    expect(centimosToText(4990)).toBe('49,90');
    expect(centimosToText(0)).toBe('0,00');
    expect(centimosToText(123456)).toBe('1234,56');
    expect(centimosToText(1234567)).toBe('12.345,67');
    expect(centimosToText(null)).toBe('');
    for (const c of [1, 99, 4990, 123456, 1234567, 2147483647]) expect(parseImporte(centimosToText(c))).toEqual({ centimos: c });
  });
});

describe('MoneyField', () => {
  it('shows the record amount in the record currency', () => {
    const { container } = render(
      <AdminContext i18nProvider={recursosI18n}>
        <RecordContextProvider value={{ id: 1, importe: 1999, moneda: 'EUR' }}>
          <MoneyField source="importe" />
        </RecordContextProvider>
      </AdminContext>,
    );
    expect(plain(container.textContent)).toBe('19,99 €');
  });

  it('shows nothing when there is no amount', () => {
    const { container } = render(
      <AdminContext i18nProvider={recursosI18n}>
        <RecordContextProvider value={{ id: 1, importe: null }}>
          <MoneyField source="importe" />
        </RecordContextProvider>
      </AdminContext>,
    );
    expect(container.textContent).toBe('');
  });
});

describe('MoneyInput', () => {
  const renderInput = (onSubmit: (v: unknown) => void) =>
    render(
      <AdminContext i18nProvider={recursosI18n}>
        <ResourceContextProvider value="pagos">
          <SimpleForm record={{ id: 1, importe: 1999 }} onSubmit={onSubmit}>
            <MoneyInput source="importe" />
          </SimpleForm>
        </ResourceContextProvider>
      </AdminContext>,
    );

  it('shows «19,99», takes «49,90» and submits 4990 céntimos', async () => {
    const onSubmit = vi.fn();
    renderInput(onSubmit);
    const input = (await screen.findByLabelText('Importe')) as HTMLInputElement;
    expect(input.value).toBe('19,99');
    fireEvent.change(input, { target: { value: '49,90' } });
    expect(input.value).toBe('49,90');
    fireEvent.change(input, { target: { value: '1.234,5' } });
    fireEvent.blur(input);
    expect(input.value).toBe('1234,50');
    fireEvent.change(input, { target: { value: '49,90' } });
    fireEvent.click(screen.getByRole('button', { name: /save|guardar/i }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ importe: 4990 });
  });

  it('refuses an ambiguous amount next to the field, keeping what was typed', async () => {
    const onSubmit = vi.fn();
    renderInput(onSubmit);
    const input = (await screen.findByLabelText('Importe')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1.234' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByRole('button', { name: /save|guardar/i }));
    expect(await screen.findByText(/ambigu/i)).toBeTruthy();
    expect(input.value).toBe('1.234');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
