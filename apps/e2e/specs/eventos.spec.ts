import { describe, expect, it } from 'vitest';
import { api } from '../fixtures/api.js';
import { ADMIN_SENHA } from '../fixtures/constantes.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

type Inscricao = { id: number; codigo: string; status: string; checkInEm: string | null };

describe('[EVENTOS] event registrations', () => {
  it(
    '[EVENTOS] lists an event’s registrations, checks one in by its code and refuses a cancelled one',
    () =>
      comPagina(navegador, 'eventos', async (p) => {
        const marca = Date.now().toString(36);
        await loginAs(p, 'sinodo');
        const organizacaoId = Number(await p.evaluate(() => localStorage.getItem('organizacaoLogadaId')));

        // A free event: its registrations are confirmed at once, with no charge to pay.
        const ano = new Date().getUTCFullYear() + 1;
        const evento = await api<{ id: number }>(p, 'POST', 'evento-com-inscricao', {
          organizacaoId,
          tipoEvento: 'ENCONTRO',
          codigo: `enc-${marca}`,
          nome: `Encontro ${marca}`,
          inicio: `${ano}-03-14T08:00:00-03:00`,
          fim: `${ano}-03-14T18:00:00-03:00`,
          prazoInscricao: `${ano}-03-10T23:59:00-03:00`,
          formasPagamento: ['PIX'],
          lotes: [{ numero: 1, valor: '0.00', quantidade: 50, inicio: null, fim: null }],
        });
        expect(evento.status, JSON.stringify(evento.corpo)).toBe(201);
        const emailDe = (nome: string) => `${nome.toLowerCase().replace(/\s+/g, '.')}@example.org`;
        const inscrever = async (nome: string) => {
          const r = await api<Inscricao>(p, 'POST', 'inscricoes-de-eventos', {
            eventoId: evento.corpo.id,
            nome,
            email: emailDe(nome),
          });
          expect(r.status, JSON.stringify(r.corpo)).toBe(201);
          return r.corpo;
        };
        const ana = await inscrever(`Ana ${marca}`);
        const bruno = await inscrever(`Bruno ${marca}`);
        expect([ana.status, bruno.status]).toEqual(['CONFIRMADA', 'CONFIRMADA']);

        // The list filtered by the event: both registrants, their codes and the totals.
        await p.goto(`/inscricoes-de-eventos?eventoId=${evento.corpo.id}`);
        await expect.poll(() => linha(p, `Ana ${marca}`).count()).toBe(1);
        expect(await linha(p, `Ana ${marca}`).innerText()).toContain(ana.codigo);
        expect(await linha(p, `Bruno ${marca}`).innerText()).toContain('Confirmada');
        await expect.poll(() => p.getByTestId('totais-inscricoes').innerText()).toBe('2 confirmadas · 0 pendentes');

        // A message to Ana alone, picked in the list, queued as a batch whose progress opens.
        await linha(p, `Ana ${marca}`).locator('input[type="checkbox"]').check();
        await expect.poll(() => p.getByTestId('email-inscritos').innerText()).toBe('E-mail a 1 selecionada');
        await p.getByTestId('email-inscritos').click();
        await expect
          .poll(() => p.getByTestId('email-destinatarios').innerText())
          .toBe('Para a inscrição selecionada (1).');
        await p.getByTestId('email-assunto').fill(`Lembrete a {nome}`);
        await p.getByTestId('email-texto').fill('Olá, {nome}: traga sua garrafa de água.');
        await p.getByTestId('enviar-email-inscritos').click();
        await p.waitForURL((u) => /^\/inscricoes-de-eventos\/email\/\d+$/.test(u.pathname));
        await expect.poll(() => p.getByText('Concluído', { exact: true }).count(), { timeout: 30_000 }).toBe(1);
        expect(await violacoesGraves(p), 'e-mail batch').toEqual([]);
        const entrada = await p.request.post('/api/Autenticacao/autenticar', {
          data: { login: 'admin@sig.local', senha: ADMIN_SENHA },
        });
        const headers = { authorization: `Bearer ${(await entrada.json()).accessToken}` };
        const caixa = async (para: string) =>
          (await (await p.request.get(`/api/caixa-de-saida/paginado?para=${para}`, { headers })).json()).itens as {
            assunto: string;
          }[];
        await expect
          .poll(async () => (await caixa(emailDe(`Ana ${marca}`))).map((m) => m.assunto))
          .toEqual([`Lembrete a Ana ${marca}`]);
        expect(await caixa(emailDe(`Bruno ${marca}`))).toEqual([]);
        await p.goto(`/inscricoes-de-eventos?eventoId=${evento.corpo.id}`);
        await expect.poll(() => linha(p, `Bruno ${marca}`).count()).toBe(1);

        // Bruno cancels: his row says so.
        await p.getByTestId(`cancelar-${bruno.codigo}`).click();
        await p.locator('.ant-popconfirm').getByRole('button', { name: 'Cancelar inscrição' }).click();
        await expect.poll(() => linha(p, `Bruno ${marca}`).innerText()).toContain('Cancelada');

        // At the door: Ana's code, pasted with spaces, marks her present; Bruno's is refused.
        await p.getByTestId('abrir-check-in').click();
        await p.waitForURL((u) => u.pathname === '/inscricoes-de-eventos/check-in');
        await p.getByTestId('check-in-codigo').fill(` ${ana.codigo} `);
        await p.getByTestId('check-in-registrar').click();
        await expect.poll(() => p.getByTestId('check-in-inscrito').innerText()).toContain(`Ana ${marca}`);
        await p.getByTestId('check-in-codigo').fill(bruno.codigo);
        await p.getByTestId('check-in-registrar').click();
        await expect
          .poll(() => p.getByTestId('check-in-recusa').innerText())
          .toContain('Inscrição cancelada ou expirada: entrada não permitida.');
        expect(await violacoesGraves(p), 'check-in').toEqual([]);

        const lida = await api<Inscricao>(p, 'GET', `inscricoes-de-eventos/${ana.id}`);
        expect(lida.corpo.checkInEm).not.toBeNull();
        await p.goto(`/inscricoes-de-eventos?eventoId=${evento.corpo.id}`);
        await expect.poll(() => linha(p, `Ana ${marca}`).count()).toBe(1);
        expect(await violacoesGraves(p), 'registrations list').toEqual([]);
      }),
    180_000,
  );
  it(
    '[EVENTOS] finds a calendar entry in the list and edits its place, keeping its dates',
    () =>
      comPagina(navegador, 'eventos-calendario', async (p) => {
        const marca = Date.now().toString(36);
        await loginAs(p, 'paroquia');
        const organizacaoId = Number(await p.evaluate(() => localStorage.getItem('organizacaoLogadaId')));
        const ano = new Date().getUTCFullYear() + 1;
        const nome = `Culto de Ramos ${marca}`;
        const criado = await api<{ id: number; inicio: string; fim: string }>(p, 'POST', 'evento', {
          organizacaoId,
          tipoEvento: 'CULTO',
          codigo: `ramos-${marca}`,
          nome,
          inicio: `${ano}-03-28T09:00:00-03:00`,
          fim: `${ano}-03-28T11:00:00-03:00`,
          local: 'Templo',
        });
        expect(criado.status, JSON.stringify(criado.corpo)).toBe(201);

        await p.goto(`/evento?nome=${encodeURIComponent(nome)}`);
        await expect.poll(() => linha(p, nome).count()).toBe(1);
        expect(await linha(p, nome).innerText()).toContain('Culto');
        await linha(p, nome).getByRole('button', { name: 'Editar' }).click();
        const form = p.getByTestId('form-evento');
        await expect.poll(() => form.getByLabel('Nome', { exact: true }).inputValue()).toBe(nome);
        await form.getByLabel('Local', { exact: true }).fill('Salão comunitário');
        await p.getByRole('button', { name: 'Salvar' }).click();
        await p.waitForURL((u) => u.pathname === '/evento', { timeout: 30_000 });

        const lido = await api<{ local: string; inicio: string; fim: string }>(p, 'GET', `evento/${criado.corpo.id}`);
        expect(lido.corpo).toMatchObject({
          local: 'Salão comunitário',
          inicio: criado.corpo.inicio,
          fim: criado.corpo.fim,
        });
        expect(await violacoesGraves(p), 'calendar list').toEqual([]);
      }),
    120_000,
  );
});
