import { describe, expect, it } from 'vitest';
import { api } from '../fixtures/api.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

/** A valid CPF from a 9-digit base. */
function cpfDe(n: number) {
  const b = String(n).padStart(9, '0').split('').map(Number);
  const dv = (ds: number[]) => {
    const r = (ds.reduce((acc, d, i) => acc + d * (ds.length + 1 - i), 0) * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = dv(b);
  return [...b, d1, dv([...b, d1])].join('');
}

describe('[EVENTOS] the public registration page', () => {
  it(
    '[EVENTOS] a young person registers on the phone, pays the Pix at the provider, is confirmed and checked in',
    () =>
      comPagina(navegador, 'eventos-publico', async (p) => {
        const marca = Date.now().toString(36);
        await loginAs(p, 'sinodo');
        const organizacaoId = Number(await p.evaluate(() => localStorage.getItem('organizacaoLogadaId')));
        const ano = new Date().getUTCFullYear() + 1;
        const codigo = `cj-${marca}`;
        const evento = await api<{ id: number }>(p, 'POST', 'evento-com-inscricao', {
          organizacaoId,
          tipoEvento: 'CONGRESSO',
          codigo,
          nome: `Congresso da Juventude ${marca}`,
          inicio: `${ano}-01-15T19:00:00-03:00`,
          fim: `${ano}-01-17T12:00:00-03:00`,
          local: 'Ginásio',
          prazoInscricao: `${ano}-01-10T23:59:00-03:00`,
          formasPagamento: ['PIX', 'BOLETO'],
          diasVencimento: 3,
          formulario: { secoes: { oficinas: { pedir: true, obrigatoria: false } }, perguntas: [] },
          lotes: [{ numero: 1, valor: '95.00', quantidade: 40, inicio: null, fim: null }],
          oficinas: [
            { nome: 'Louvor', vagas: 20, categoria: 'Música', horario: 'Sábado manhã' },
            { nome: 'Teatro', vagas: 20, categoria: 'Artes', horario: 'Sábado manhã' },
          ],
        });
        expect(evento.status, JSON.stringify(evento.corpo)).toBe(201);

        // Signed out, on a phone-sized screen, as the registrant opens the link.
        await p.evaluate(() => localStorage.clear());
        await p.setViewportSize({ width: 390, height: 844 });
        await p.goto(`/externo/eventos/${codigo}`);
        await expect.poll(() => p.getByTestId('evento-lote').innerText()).toMatch(/R\$\s95,00/);
        const nome = `Lia Jovem ${marca}`;
        const form = p.getByTestId('form-inscricao');
        await form.getByLabel('Nome completo').fill(nome);
        await form.getByLabel('CPF').fill(cpfDe(300_000_000 + (Date.now() % 99_999_999)));
        await form.getByLabel('E-mail').fill(`lia.${marca}@example.org`);
        await form.getByLabel('Celular').fill('(51) 99999-1234');
        await form.getByLabel('Data de nascimento').fill('2001-04-02');
        await form.getByRole('radio', { name: /Teatro/ }).check();
        expect(await violacoesGraves(p), 'public form').toEqual([]);
        await form.getByRole('button', { name: 'Fazer inscrição' }).click();

        // The Pix is shown at once, with the link that brings the registrant back.
        await p.waitForURL((u) => u.searchParams.has('inscricao'));
        await expect.poll(() => p.getByTestId('status-inscricao').innerText()).toContain('aguardando pagamento');
        expect(await p.getByTestId('pix-copia-cola').inputValue()).not.toBe('');
        const voltar = p.url();
        const fatura = await p.getByTestId('link-fatura').getAttribute('href');
        expect(fatura).toBeTruthy();
        expect(await violacoesGraves(p), 'payment').toEqual([]);

        // Paid at the provider's invoice page: its webhook confirms the registration.
        await p.goto(fatura!);
        await p.getByRole('button', { name: 'Pagar (simulação)' }).click();
        await expect
          .poll(
            async () => {
              await p.goto(voltar);
              return p
                .getByTestId('status-inscricao')
                .innerText({ timeout: 10_000 })
                .catch(() => '');
            },
            { timeout: 60_000, interval: 1_500 },
          )
          .toContain('Inscrição confirmada');

        // Staff see it confirmed and check it in at the door.
        await loginAs(p, 'sinodo');
        await p.goto(`/inscricoes-de-eventos?eventoId=${evento.corpo.id}`);
        await expect.poll(() => linha(p, nome).count()).toBe(1);
        expect(await linha(p, nome).innerText()).toContain('Confirmada');
        const lista = await api<{ itens: { codigo: string; nome: string }[] }>(
          p,
          'GET',
          `inscricoes-de-eventos/paginado?eventoId=${evento.corpo.id}&pagina=1&quantidade=10`,
        );
        const { codigo: codigoInscricao } = lista.corpo.itens.find((i) => i.nome === nome)!;
        await p.getByTestId('abrir-check-in').click();
        await p.waitForURL((u) => u.pathname === '/inscricoes-de-eventos/check-in');
        await p.getByTestId('check-in-codigo').fill(codigoInscricao);
        await p.getByTestId('check-in-registrar').click();
        await expect.poll(() => p.getByTestId('check-in-inscrito').innerText()).toContain(nome);
      }),
    240_000,
  );
});
