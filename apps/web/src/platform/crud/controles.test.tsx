import { type CampoCadastro, esquemaDosCampos } from '@sig/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { type ReactNode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { apiFalsa, prepararTelas, textos } from '../../../test/ambiente';
import { regrasZod, validarCaminho } from '../formulario';
import { i18n } from '../i18n';
import { controleCampo, EntradaData, EntradaMascarada, propsItem } from './controles';
import { rotuloCampo } from './definicao';
import { formatarMascara } from './mascaras';

prepararTelas();

describe('masks', () => {
  it.each([
    ['cpf', '39053344705', '390.533.447-05'],
    ['cpf', '3905', '390.5'],
    ['cnpj', '11222333000181', '11.222.333/0001-81'],
    ['cep', '93010970', '93010-970'],
    ['telefone', '5133334444', '(51) 3333-4444'],
    ['telefone', '51999998888', '(51) 99999-8888'],
    ['telefone', '519999988881234', '(51) 99999-8888'],
  ] as const)('%s: %s is written %s', (tipo, digitado, escrito) => {
    expect(formatarMascara(tipo, digitado)).toBe(escrito);
  });

  function Campo({ tipo }: { tipo: 'cpf' | 'cnpj' }) {
    const [v, setV] = useState<string | null>(null);
    return (
      <>
        <EntradaMascarada aria-label="documento" tipo={tipo} value={v} onChange={setV} />
        <output data-testid="valor">{String(v)}</output>
      </>
    );
  }

  it('masks as the digits are typed and marks a complete CPF with wrong check digits', async () => {
    render(<Campo tipo="cpf" />);
    const u = userEvent.setup();
    const campo = screen.getByLabelText('documento');
    await u.type(campo, '39053344705');
    expect(campo).toHaveProperty('value', '390.533.447-05');
    expect(screen.getByTestId('valor').textContent).toBe('390.533.447-05');
    expect(campo.className).not.toContain('status-error');
    await u.clear(campo);
    await u.type(campo, '39053344706');
    expect(campo.className).toContain('status-error');
  });
});

describe('EntradaData', () => {
  function Data({ inicial }: { inicial: string | null }) {
    const [v, setV] = useState<string | null>(inicial);
    return (
      <>
        <EntradaData aria-label="data" value={v} onChange={setV} />
        <output data-testid="valor">{String(v)}</output>
      </>
    );
  }

  it('shows and takes dates in the language of the user, holding the API text', async () => {
    render(<Data inicial="2099-03-10" />);
    expect(screen.getByLabelText('data')).toHaveProperty('value', '10/03/2099');
    const u = userEvent.setup();
    await u.click(screen.getByLabelText('data'));
    await u.clear(screen.getByLabelText('data'));
    await u.type(screen.getByLabelText('data'), '15/04/2026{Enter}');
    await waitFor(() => expect(screen.getByTestId('valor').textContent).toBe('2026-04-15'));
    cleanup();

    await textos('en');
    try {
      render(<Data inicial="2099-03-10" />);
      expect(screen.getByLabelText('data')).toHaveProperty('value', '03/10/2099');
    } finally {
      await textos('pt-BR');
    }
  });
});

/** A reference's select reads its options: it needs the app's query client. */
const renderComConsultas = (ui: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

/** A form of declared fields, as the engine and the hand forms draw them. */
function Formulario({ campos }: { campos: readonly CampoCadastro[] }) {
  const regras = regrasZod(esquemaDosCampos(campos));
  return (
    <Form layout="vertical">
      {campos.map((c) => (
        <Form.Item key={c.nome} name={c.nome} label={i18n.t(rotuloCampo(c))} rules={regras(c.nome)} {...propsItem(c)}>
          {controleCampo(c, 'pt-BR')}
        </Form.Item>
      ))}
      <Button htmlType="submit">Salvar</Button>
    </Form>
  );
}

describe('declared fields in a form', () => {
  it('a required select left empty asks for it with the spec §5 message', async () => {
    apiFalsa([{ metodo: 'GET', caminho: /\/select$/, responder: () => ({ corpo: [] }) }]);
    renderComConsultas(
      <Formulario
        campos={[
          { nome: 'tipo', tipo: 'opcao', opcoes: ['CONTRIBUICAO', 'DIZIMO'], obrigatorio: true },
          { nome: 'planoContaId', tipo: 'referencia', referencia: 'plano-de-conta', obrigatorio: true },
        ]}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Por favor, informe o campo Tipo')).toBeTruthy();
    expect(await screen.findByText('Por favor, informe o campo Conta do plano de contas')).toBeTruthy();
    expect(screen.queryByText(/opções permitidas|formato inválido/)).toBeNull();
  });

  it('shows a number out of bounds with its §5 message instead of clamping it', async () => {
    render(
      <Formulario
        campos={[
          { nome: 'mesCompetencia', tipo: 'inteiro', min: 1, max: 12, obrigatorio: true },
          { nome: 'presentes', tipo: 'inteiro', min: 0, max: 1_000_000, obrigatorio: true },
        ]}
      />,
    );
    const u = userEvent.setup();
    const mes = screen.getByLabelText('Mês de competência');
    await u.type(mes, '13');
    await u.tab();
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O campo Mês de competência deve ser no máximo 12.')).toBeTruthy();
    expect(mes).toHaveProperty('value', '13');
    await u.type(screen.getByLabelText('Presentes'), '-1');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O campo Presentes deve ser no mínimo 0.')).toBeTruthy();
  });

  it('counts items in the plural form of the language', async () => {
    const esquema = esquemaDosCampos([{ nome: 'celebrantes', tipo: 'referencias', referencia: 'pessoa', min: 1 }]);
    await expect(validarCaminho(esquema, { celebrantes: [] }, 'celebrantes')).rejects.toThrow(
      'Selecione no mínimo 1 item em Celebrantes.',
    );
    const dois = esquemaDosCampos([{ nome: 'celebrantes', tipo: 'referencias', referencia: 'pessoa', min: 2 }]);
    await expect(validarCaminho(dois, { celebrantes: [1] }, 'celebrantes')).rejects.toThrow(
      'Selecione no mínimo 2 itens em Celebrantes.',
    );
  });
});
