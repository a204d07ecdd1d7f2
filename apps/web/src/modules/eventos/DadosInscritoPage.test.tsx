import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiFalsa, montar, prepararTelas, sessaoDeAdministrador } from '../../../test/ambiente';
import { useAutorizacao } from '../../platform/autorizacao';
import DadosInscritoPage from './DadosInscritoPage';

function Pagina() {
  return useAutorizacao().carregando ? null : <DadosInscritoPage />;
}

const inscricao = {
  id: 9,
  eventoId: 7,
  eventoNome: 'Congrenaje 2027',
  loteId: 11,
  loteNumero: 1,
  pessoaId: null,
  nome: 'Júlia Becker',
  cpf: '39053344705',
  email: 'julia@example.org',
  telefone: null,
  dataNascimento: '2009-04-02',
  responsavelNome: 'Marta Becker',
  comunidadeId: null,
  comunidadeNome: null,
  dados: { alergias: 'Amendoim', camiseta: 'M', respostas: { igreja: 'Comunidade da Paz', primeiraVez: true } },
  status: 'CORTESIA',
  formaPagamento: null,
  valor: '0.00',
  motivoCortesia: 'Banda',
  contaAReceberId: null,
  vencimento: null,
  codigo: 'ABCD-EFGH',
  oficinas: [{ id: 21, nome: 'Louvor' }],
  checkInEm: null,
  falhaCobranca: null,
  criadoEm: '2026-11-20T12:00:00.000Z',
};

prepararTelas('eventos');

describe('DadosInscritoPage', () => {
  it('shows what the registrant answered, the custom questions under their labels', async () => {
    apiFalsa([
      sessaoDeAdministrador(),
      { metodo: 'GET', caminho: /^\/api\/inscricoes-de-eventos\/9$/, responder: () => ({ corpo: inscricao }) },
      {
        metodo: 'GET',
        caminho: /^\/api\/evento-com-inscricao\/7$/,
        responder: () => ({
          corpo: {
            formulario: {
              secoes: {},
              perguntas: [{ chave: 'igreja', rotulo: 'Sua comunidade', tipo: 'texto', obrigatoria: false, opcoes: [] }],
            },
          },
        }),
      },
    ]);
    montar(
      <Pagina />,
      '/inscricoes-de-eventos/7/dados-inscritos/9',
      '/inscricoes-de-eventos/:eventoId/dados-inscritos/:id',
    );
    expect(await screen.findByText('Amendoim')).toBeTruthy();
    expect(screen.getByText('Marta Becker')).toBeTruthy();
    expect(screen.getByText('Louvor')).toBeTruthy();
    const respostas = screen.getByTestId('dados-respostas');
    expect(await screen.findByText('Sua comunidade')).toBeTruthy();
    expect(respostas.textContent).toContain('Comunidade da Paz');
    expect(respostas.textContent).toContain('primeiraVez');
  }, 60_000);

  it('refuses a registration of another event than the address names', async () => {
    apiFalsa([
      sessaoDeAdministrador(),
      { metodo: 'GET', caminho: /^\/api\/inscricoes-de-eventos\/9$/, responder: () => ({ corpo: inscricao }) },
      { metodo: 'GET', caminho: /^\/api\/evento-com-inscricao\/8$/, responder: () => ({ corpo: {} }) },
    ]);
    montar(
      <Pagina />,
      '/inscricoes-de-eventos/8/dados-inscritos/9',
      '/inscricoes-de-eventos/:eventoId/dados-inscritos/:id',
    );
    expect(await screen.findByText('Inscrição não encontrada neste evento.')).toBeTruthy();
  }, 60_000);
});
