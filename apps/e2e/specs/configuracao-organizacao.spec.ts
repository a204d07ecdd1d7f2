import { describe, expect, it } from 'vitest';
import { comPagina, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

describe('[CONFIGURACAO] the organization settings screen', () => {
  it('[CONFIGURACAO] the treasurer changes her parish contribution settings; the registry data stays locked', () =>
    comPagina(navegador, 'configuracao-organizacao', async (p) => {
      await loginAs(p, 'tesouraria');
      await p.goto('/configuracoes-organizacao');
      await p.getByRole('heading', { name: 'Configurações da organização', level: 1 }).waitFor();
      const form = p.getByTestId('form-organizacao');
      const dia = form.getByLabel('Dia de vencimento da contribuição');
      await dia.waitFor();
      // The record's data belongs to the registry: shown, not editable here.
      await expect.poll(() => form.getByLabel('Razão social').isDisabled()).toBe(true);
      expect(await dia.isDisabled()).toBe(false);
      const novo = (Number((await dia.inputValue()) || '0') % 28) + 1;
      await dia.fill(String(novo));
      await p.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => p.getByText('Registro salvo.').count()).toBeGreaterThan(0);

      await p.reload();
      await expect.poll(() => form.getByLabel('Dia de vencimento da contribuição').inputValue()).toBe(String(novo));
      expect(await violacoesGraves(p), 'settings').toEqual([]);
    }));

  it('[CONFIGURACAO] the administrator opens the national church to self-registration, and closes it again', () =>
    comPagina(navegador, 'configuracao-aceita-cadastro', async (p) => {
      const oferecida = async () => {
        const r = await p.request.get('/api/Autenticacao/organizacoes-cadastro?busca=Igreja%20Nacional');
        return ((await r.json()) as { label: string }[]).map((o) => o.label);
      };
      expect(await oferecida()).toEqual([]);
      await loginAs(p, 'admin');
      await p.goto('/configuracoes-organizacao');
      const form = p.getByTestId('form-organizacao');
      const chave = form.getByRole('switch', { name: 'Aceita cadastro de membros pelo site' });
      await chave.waitFor();
      expect(await chave.getAttribute('aria-checked')).toBe('false');
      const salvar = async () => {
        await p.getByRole('button', { name: 'Salvar' }).click();
        await expect.poll(() => p.getByText('Registro salvo.').count()).toBeGreaterThan(0);
      };
      await chave.click();
      await salvar();
      expect(await oferecida()).toEqual(['Igreja Nacional']);

      await p.reload();
      await expect.poll(() => chave.getAttribute('aria-checked')).toBe('true');
      await chave.click();
      await salvar();
      expect(await oferecida()).toEqual([]);
    }));
});
