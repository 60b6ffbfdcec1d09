import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, RecordContextProvider, ResourceContextProvider, SimpleForm } from 'react-admin';
import { centimosToUnits, formatMoney, unitsToCentimos } from '../src/common/money';
import { MoneyField } from '../src/common/MoneyField';
import { MoneyInput } from '../src/common/MoneyInput';
import { recursosI18n } from './recursosI18n';

// Intl separates the amount from the symbol with a no-break space.
const plain = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');

describe('money in céntimos', () => {
  it('formats céntimos as Spanish currency', () => {
    expect(plain(formatMoney(1999))).toBe('19,99 €');
    expect(plain(formatMoney(123456))).toBe('1234,56 €');
    expect(plain(formatMoney(0))).toBe('0,00 €');
    expect(plain(formatMoney(500, 'USD'))).toBe('5,00 US$');
  });

  it('parses typed units to integer céntimos without floating-point drift', () => {
    expect(unitsToCentimos(19.99)).toBe(1999);
    expect(unitsToCentimos('19.99')).toBe(1999);
    expect(unitsToCentimos('19,99')).toBe(1999);
    expect(unitsToCentimos(0.1 + 0.2)).toBe(30);
    expect(unitsToCentimos('')).toBeNull();
    expect(unitsToCentimos(null)).toBeNull();
    expect(unitsToCentimos('abc')).toBeNull();
  });

  it('shows stored céntimos as units', () => {
    expect(centimosToUnits(1999)).toBe('19.99');
    expect(centimosToUnits(0)).toBe('0');
    expect(centimosToUnits(null)).toBe('');
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
  it('edits euros and submits céntimos', async () => {
    const onSubmit = vi.fn();
    render(
      <AdminContext i18nProvider={recursosI18n}>
        <ResourceContextProvider value="pagos">
          <SimpleForm record={{ id: 1, importe: 1999 }} onSubmit={onSubmit}>
            <MoneyInput source="importe" />
          </SimpleForm>
        </ResourceContextProvider>
      </AdminContext>,
    );
    const input = (await screen.findByLabelText('Importe')) as HTMLInputElement;
    expect(input.value).toBe('19.99');
    fireEvent.change(input, { target: { value: '25.5' } });
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ importe: 2550 });
  });
});
