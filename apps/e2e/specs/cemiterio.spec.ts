import { describe, expect, it } from 'vitest';
import { criarPessoa, escolher, escolherOpcao, salvarE } from '../fixtures/formularios.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

describe('[CEMITERIO] cemeteries, concessions and burials', () => {
  // The whole life of a plot in one story (layout, grant, renewal, burial, exhumation): longer than most.
  it(
    '[CEMITERIO] lays out a block, grants a plot to a person, renews it, buries a deceased, sees the plot occupied, exhumes after the term',
    () =>
      comPagina(navegador, 'cemiterio', async (p) => {
        const marca = Date.now().toString(36);
        await loginAs(p, 'paroquia');
        await criarPessoa(p, { nome: 'Gertrud', sobrenome: `Arrendatária ${marca}` });

        // The cemetery, then a block of 2 rows × 5 plots laid out at once.
        await p.goto('/cemiterio/form');
        const form = p.getByTestId('form-cemiterio');
        await form.getByLabel('Nome', { exact: true }).fill(`Cemitério ${marca}`);
        await form.getByLabel('Endereço', { exact: true }).fill('Estrada Geral, km 3');
        await salvarE(p, (u) => /\/cemiterio\/form\/\d+$/.test(u.pathname));
        const cemiterioId = Number(new URL(p.url()).pathname.split('/').pop());
        const gerar = p.getByTestId('form-gerar-jazigos');
        await gerar.getByLabel('Quadra', { exact: true }).fill('Q');
        await gerar.getByLabel('Até a fileira', { exact: true }).fill('2');
        await gerar.getByLabel('Até o lote', { exact: true }).fill('5');
        await gerar.getByRole('button', { name: 'Gerar' }).click();
        await expect.poll(() => p.getByText('10 jazigo(s) criado(s); 0 já existia(m).').count()).toBeGreaterThan(0);
        const grade = p.getByTestId('grade-jazigos');
        await expect.poll(() => grade.locator('[data-jazigo]').count()).toBe(10);
        expect(await grade.locator('[data-jazigo="Q-1-1"]').getAttribute('data-situacao')).toBe('LIVRE');
        // A plot closed by hand (works on the wall).
        await grade.locator('[data-jazigo="Q-2-5"]').click();
        await escolherOpcao(
          p,
          p.getByTestId('form-jazigo').getByLabel('Situação do jazigo', { exact: true }),
          'Indisponível',
        );
        await p.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
        await expect
          .poll(() => grade.locator('[data-jazigo="Q-2-5"]').getAttribute('data-situacao'))
          .toBe('INDISPONIVEL');

        // The concession of plot Q-1-1 to the person.
        await p.goto('/arrendatario/form');
        const concessao = p.getByTestId('form-arrendatario');
        await escolher(p, concessao.getByLabel('Jazigo', { exact: true }), 'Q-1-1', `Q-1-1 · Cemitério ${marca}`);
        await escolher(p, concessao.getByLabel('Pessoa', { exact: true }), marca, `Gertrud Arrendatária ${marca}`);
        const inicio = concessao.getByLabel('Início', { exact: true });
        await inicio.fill('10/01/2026');
        await inicio.press('Enter');
        await concessao.getByLabel('Valor', { exact: true }).fill('1.500,00');
        await concessao.getByLabel('Parcelas', { exact: true }).fill('5');
        await salvarE(p, (u) => u.pathname === '/arrendatario');
        await p.goto(`/arrendatario?cemiterioId=${cemiterioId}`);
        await expect.poll(() => linha(p, `Gertrud Arrendatária ${marca}`).count()).toBe(1);
        expect(await linha(p, `Gertrud Arrendatária ${marca}`).innerText()).toContain('Q-1-1');
        // With no term yet and no one buried, the concession is reserved; renewed to a month ahead, it is due (tag and filter).
        expect(await linha(p, `Gertrud Arrendatária ${marca}`).innerText()).toContain('Reservada');
        const arrendatarioId = await p.evaluate(async (id) => {
          const r = await fetch(`/api/arrendatario/paginado?cemiterioId=${id}`, {
            headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
          });
          return ((await r.json()) as { itens: { id: number }[] }).itens[0]!.id;
        }, cemiterioId);
        // A month ahead of Brazil's today (UTC−3): inside the 90 days whatever the hour.
        const [a, m, d] = new Date(Date.now() - 3 * 3_600_000 + 30 * 86_400_000).toISOString().slice(0, 10).split('-');
        await p.goto(`/arrendatario/form/${arrendatarioId}`);
        await p.getByRole('button', { name: 'Renovar' }).click();
        const renovadoAte = p.getByTestId('form-renovacao').getByLabel('Renovado até', { exact: true });
        await renovadoAte.fill(`${d}/${m}/${a}`);
        await renovadoAte.press('Tab');
        await p.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
        await expect.poll(() => p.getByText(`Concessão renovada até ${d}/${m}/${a}.`).count()).toBeGreaterThan(0);
        await p.goto(`/arrendatario?cemiterioId=${cemiterioId}&estadoConcessao=A_VENCER`);
        await expect.poll(() => linha(p, `Gertrud Arrendatária ${marca}`).count()).toBe(1);
        expect(await linha(p, `Gertrud Arrendatária ${marca}`).innerText()).toContain('A vencer');
        expect(await violacoesGraves(p), 'concessions with their state').toEqual([]);

        // The burial in the plot, then the same deceased again (spec §8).
        const sepultar = async () => {
          await p.goto('/falecido/form');
          const f = p.getByTestId('form-falecido');
          await escolher(p, f.getByLabel('Jazigo', { exact: true }), 'Q-1-1', `Q-1-1 · Cemitério ${marca}`);
          await f.getByLabel('Nome', { exact: true }).fill(`Wilhelm ${marca}`);
          for (const [rotulo, valor] of [
            ['Data de falecimento', '01/03/2026'],
            ['Data de sepultamento', '02/03/2026'],
          ]) {
            const data = f.getByLabel(rotulo!, { exact: true });
            await data.fill(valor!);
            await data.press('Enter');
          }
          await f.getByLabel('Gaveta', { exact: true }).fill('A');
        };
        await sepultar();
        await salvarE(p, (u) => u.pathname === '/falecido');
        await p.goto(`/falecido?cemiterioId=${cemiterioId}`);
        await expect.poll(() => linha(p, `Wilhelm ${marca}`).count()).toBe(1);
        expect(await linha(p, `Wilhelm ${marca}`).innerText()).toContain('Q-1-1');
        await sepultar();
        await p.getByRole('button', { name: 'Salvar' }).click();
        await expect.poll(() => p.getByText('Falecido(s) já adicionado(s)').count()).toBeGreaterThan(0);

        // The block's map shows the plot occupied, by colour and by its label.
        await p.goto(`/cemiterio/form/${cemiterioId}`);
        const celula = p.getByTestId('grade-jazigos').locator('[data-jazigo="Q-1-1"]');
        await expect.poll(() => celula.getAttribute('data-situacao')).toBe('OCUPADO');
        expect(await celula.getAttribute('aria-label')).toBe('Jazigo Q-1-1: Ocupado, 1 de 1 ocupado(s)');
        expect(await violacoesGraves(p), 'cemetery with its block map').toEqual([]);

        // The exhumation: refused before the cemetery's term (3 years), then recorded; the plot has room again.
        const falecidoId = await p.evaluate(async (nome) => {
          const r = await fetch(`/api/falecido/paginado?nome=${encodeURIComponent(nome)}`, {
            headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
          });
          return ((await r.json()) as { itens: { id: number }[] }).itens[0]!.id;
        }, `Wilhelm ${marca}`);
        await p.goto(`/falecido/form/${falecidoId}`);
        const exumar = async (data: string) => {
          const campo = p.getByTestId('form-exumacao').getByLabel('Data de exumação', { exact: true });
          await campo.fill(data);
          await campo.press('Tab');
          await p.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
        };
        await p.getByRole('button', { name: 'Registrar exumação' }).click();
        await exumar('01/03/2029');
        await expect.poll(() => p.getByText(/A exumação só é permitida a partir de/).count()).toBeGreaterThan(0);
        await exumar('02/03/2029');
        await expect.poll(() => p.getByText('Exumado em 02/03/2029: os restos deixaram o jazigo.').count()).toBe(1);
        // Exhumed, the burial is only viewed.
        expect(await p.getByRole('button', { name: 'Registrar exumação' }).count()).toBe(0);
        expect(await p.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
        await p.goto(`/cemiterio/form/${cemiterioId}`);
        await expect.poll(() => celula.getAttribute('data-situacao')).toBe('RESERVADO');

        await p.goto('/cemiterio');
        await expect.poll(() => linha(p, `Cemitério ${marca}`).count()).toBe(1);
        expect(await linha(p, `Cemitério ${marca}`).innerText()).toContain('Estrada Geral, km 3');
      }),
    120_000,
  );

  it(
    '[CEMITERIO] converts a temporary concession to perpetual within its term, confirmed, and sees the state and the history',
    () =>
      comPagina(navegador, 'cemiterio-perpetua', async (p) => {
        const marca = Date.now().toString(36);
        await loginAs(p, 'paroquia');
        // A concession renewed once, laid out through the API (the first story covers those screens).
        const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
        const fim = new Date(Date.now() - 3 * 3_600_000 + 30 * 86_400_000).toISOString().slice(0, 10);
        const id = await p.evaluate(
          async ({ marca, hoje, fim }) => {
            const api = async (metodo: string, url: string, corpo?: object) => {
              const r = await fetch(url, {
                method: metodo,
                headers: {
                  authorization: `Bearer ${localStorage.getItem('token')}`,
                  'content-type': 'application/json',
                },
                body: corpo ? JSON.stringify(corpo) : undefined,
              });
              if (!r.ok) throw new Error(`${url}: ${r.status} ${await r.text()}`);
              return r.json();
            };
            const [modelo] = (await api('GET', '/api/arrendatario/paginado?quantidade=1')).itens;
            const { organizacaoId } = await api('GET', `/api/cemiterio/${modelo.cemiterioId}`);
            const c = await api('POST', '/api/cemiterio', {
              organizacaoId,
              nome: `Cemitério ${marca}`,
              prazoExumacaoAnos: 3,
            });
            await api('POST', `/api/cemiterio/${c.id}/jazigos`, { quadra: 'P', fileiraAte: 1, numeroAte: 1 });
            const [j] = (await api('GET', `/api/cemiterio/${c.id}/jazigos`)).jazigos;
            const a = await api('POST', '/api/arrendatario', {
              jazigoId: j.id,
              pessoaId: modelo.pessoaId,
              tipoConcessao: 'TEMPORARIA',
              inicio: hoje,
              valor: '1500.00',
              parcelas: 5,
            });
            await api('POST', `/api/arrendatario/${a.id}/renovar`, { renovadoAte: fim });
            return a.id as number;
          },
          { marca, hoje, fim },
        );

        await p.goto(`/arrendatario/form/${id}`);
        const situacao = p.getByTestId('situacao-concessao');
        await expect.poll(() => situacao.innerText()).toContain('A vencer');
        // The kind is not edited in the form: only the conversion, which records the difference.
        expect(await p.getByTestId('form-arrendatario').getByLabel('Tipo de concessão').isDisabled()).toBe(true);
        await p.getByRole('button', { name: 'Converter em perpétua' }).click();
        const dialogo = p.getByRole('dialog');
        await expect.poll(() => dialogo.getByText(/Converter esta concessão temporária em perpétua\?/).count()).toBe(1);
        await p.getByTestId('form-conversao').getByLabel('Diferença paga na conversão', { exact: true }).fill('800,00');
        await dialogo.getByRole('button', { name: 'Converter em perpétua' }).click();
        await expect.poll(() => p.getByText('Concessão convertida em perpétua.').count()).toBeGreaterThan(0);
        // No one lies in the plot: a perpetual, reserved concession, with no renewal or conversion left.
        await expect.poll(() => situacao.innerText()).toContain('Reservada');
        expect(await situacao.innerText()).toContain('800,00');
        expect(await p.getByRole('button', { name: 'Renovar' }).count()).toBe(0);
        expect(await p.getByRole('button', { name: 'Converter em perpétua' }).count()).toBe(0);
        // The history shows the conversion beside the renewal and the creation.
        const historico = p.getByTestId('historico-concessao');
        // A change's row (the creation's lists every field of the new record).
        const linhaDe = (texto: string) =>
          historico.getByRole('row').filter({ hasText: 'Alteração' }).filter({ hasText: texto });
        await expect.poll(() => linhaDe('Tipo de concessão').count()).toBe(1);
        const tipo = await linhaDe('Tipo de concessão').innerText();
        expect(tipo).toContain('Temporária');
        expect(tipo).toContain('Perpétua');
        expect(await linhaDe('Diferença paga na conversão').innerText()).toContain('800,00');
        // The value's change in money, as typed: 1.500,00 → 2.300,00.
        const valor = await linhaDe('Valor').filter({ hasNotText: 'Diferença' }).innerText();
        expect(valor).toContain('1.500,00');
        expect(valor).toContain('2.300,00');
        expect(await historico.getByRole('row').filter({ hasText: 'Criação' }).count()).toBe(1);
        expect(await linhaDe('Renovado até').count()).toBe(2);
        expect(await violacoesGraves(p), 'concession with its history').toEqual([]);
      }),
    120_000,
  );

  it(
    '[CEMITERIO] a visitor finds where someone of the demo is buried, without signing in',
    () =>
      comPagina(navegador, 'cemiterio-publico', async (p) => {
        await loginAs(p, 'admin');
        // A burial of the demo's cemetery (open to the public search) still in its plot.
        const alvo = await p.evaluate(async () => {
          const r = await fetch('/api/falecido/paginado?quantidade=100&nome=a', {
            headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
          });
          const itens = (await r.json()).itens as {
            nome: string;
            jazigoRotulo: string;
            cemiterioNome: string;
            dataSepultamento: string;
            dataExumacao: string | null;
          }[];
          return itens.find((f) => !f.dataExumacao && f.cemiterioNome === 'Cemitério Evangélico da Paz')!;
        });
        await p.evaluate(() => localStorage.clear());
        await p.goto('/externo/sepultados');
        const form = p.getByTestId('form-sepultados');
        await form.getByLabel('Nome do falecido').fill(alvo.nome);
        await form.getByRole('button', { name: 'Buscar' }).click();
        const item = p
          .getByTestId('sepultados')
          .getByRole('listitem')
          .filter({ hasText: alvo.nome })
          .filter({
            hasText: `Sepultura: ${alvo.jazigoRotulo}`,
          });
        await expect.poll(() => item.count()).toBeGreaterThan(0);
        const texto = await item.first().innerText();
        const [a, m, d] = alvo.dataSepultamento.split('-');
        expect(texto).toContain(`Sepultamento: ${d}/${m}/${a}`);
        expect(texto).toContain('Cemitério Evangélico da Paz (Estrada do Cemitério, 200)');
        // The name stays in the address, to share the result.
        expect(new URL(p.url()).searchParams.get('nome')).toBe(alvo.nome);
        expect(await violacoesGraves(p), 'public burial search').toEqual([]);
      }),
    120_000,
  );
});
