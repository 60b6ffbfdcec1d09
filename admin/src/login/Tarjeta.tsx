// The light card every step of the login screen is drawn on (login.css): the product's name, the
// step's title and its form. Login.tsx draws its own, with the handlers that fetch the admin.
import type { FormEvent, ReactNode } from 'react';
import { config } from '../config';

export const Tarjeta = ({ titulo, onSubmit, children }: { titulo: string; onSubmit: (event: FormEvent) => void; children: ReactNode }) => (
  <div className="login">
    <main className="login-tarjeta">
      <form onSubmit={onSubmit} noValidate autoComplete="off">
        <span className="login-producto">{config.productName}</span>
        <h1>{titulo}</h1>
        {children}
      </form>
    </main>
  </div>
);
