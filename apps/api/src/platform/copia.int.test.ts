import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { abrirBanco } from '@sig/db';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../test/app-teste.js';
import { VERSAO } from '../versao.js';
import { CopiaInvalida, copiaAgendada, fazerCopia, restaurarCopia } from './copia.js';

let t: AppTeste;
let pasta: string;
/** On PostgreSQL (TEST_DATABASE_URL) the restore goes into a new database on the same server. */
const bancosCriados: string[] = [];

async function novoAlvo(): Promise<string | undefined> {
  if (t.banco.tipo !== 'postgres') return undefined;
  const nome = `sig_t_${randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: t.banco.url });
  await c.connect();
  await c.query(`create database "${nome}"`);
  await c.end();
  bancosCriados.push(nome);
  const u = new URL(t.banco.url!);
  u.pathname = `/${nome}`;
  return u.toString();
}

beforeAll(async () => {
  t = await criarAppTeste();
  pasta = mkdtempSync(path.join(os.tmpdir(), 'sig-copia-'));
  // DATA_DIR's files: a ticket attachment and the key file.
  mkdirSync(path.join(pasta, 'origem/anexos/atendimentos/1'), { recursive: true });
  writeFileSync(path.join(pasta, 'origem/anexos/atendimentos/1/ab12.pdf'), '%PDF-1.4 anexo');
  writeFileSync(path.join(pasta, 'origem/segredo'), 'chave-de-teste');
});
afterAll(async () => {
  await t.fechar();
  rmSync(pasta, { recursive: true, force: true });
  if (bancosCriados.length) {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    for (const n of bancosCriados) await c.query(`drop database if exists "${n}" with (force)`);
    await c.end();
  }
});

describe('backup and restore', () => {
  it('restores a seeded database into an empty one with every table and file as the manifest says', async () => {
    const arquivo = path.join(pasta, 'copia.zip');
    const feito = await fazerCopia(arquivo, { banco: t.banco, dataDir: path.join(pasta, 'origem'), versao: VERSAO });
    expect(feito.tabelas['public.pessoa']!.linhas).toBeGreaterThan(0);
    expect(Object.keys(feito.arquivos).sort()).toEqual(['anexos/atendimentos/1/ab12.pdf', 'segredo']);

    const url = await novoAlvo();
    const destino = path.join(pasta, 'destino');
    const restaurado = await restaurarCopia(arquivo, { url, dataDir: destino, versao: VERSAO });
    expect(restaurado.migracao).toBe(feito.migracao);
    expect(readFileSync(path.join(destino, 'segredo'), 'utf8')).toBe('chave-de-teste');

    // A backup of the restored copy: every table's count and checksum equal the original's.
    const banco = await abrirBanco({ url, dataDir: path.join(destino, 'pglite') });
    try {
      const outra = await fazerCopia(path.join(pasta, 'outra.zip'), { banco, dataDir: destino, versao: VERSAO });
      expect(outra.tabelas).toEqual(feito.tabelas);
      expect(outra.arquivos).toEqual(feito.arquivos);
    } finally {
      await banco.fechar();
    }

    // The target is no longer empty: a second restore is refused unless told to replace.
    await expect(restaurarCopia(arquivo, { url, dataDir: destino, versao: VERSAO })).rejects.toThrow(/--replace/);
  }, 180_000);

  it('refuses an archive of a newer schema and one whose contents differ from the manifest', async () => {
    const arquivo = path.join(pasta, 'copia.zip');
    const entradas = unzipSync(new Uint8Array(readFileSync(arquivo)));
    const manifesto = JSON.parse(strFromU8(entradas['manifesto.json']!));
    const reescrever = (nome: string, m: object) =>
      writeFileSync(nome, zipSync({ ...entradas, 'manifesto.json': strToU8(JSON.stringify(m)) }));

    reescrever(path.join(pasta, 'nova.zip'), { ...manifesto, versao: '9.0.0', migracao: '0099_futura' });
    const recusa = await restaurarCopia(path.join(pasta, 'nova.zip'), {
      url: await novoAlvo(),
      dataDir: path.join(pasta, 'vazio-1'),
      versao: VERSAO,
    }).catch((e: unknown) => e);
    expect(recusa).toBeInstanceOf(CopiaInvalida);
    expect((recusa as Error).message).toMatch(/SIG 9\.0\.0 at migration 0099_futura, newer than this SIG/);

    const tabelas = { ...manifesto.tabelas, 'public.pessoa': { linhas: 1, soma: '0' } };
    reescrever(path.join(pasta, 'alterada.zip'), { ...manifesto, tabelas });
    await expect(
      restaurarCopia(path.join(pasta, 'alterada.zip'), {
        url: await novoAlvo(),
        dataDir: path.join(pasta, 'vazio-2'),
        versao: VERSAO,
      }),
    ).rejects.toThrow(/public\.pessoa: 1 rows in the manifest/);
  }, 180_000);

  it('keeps the newest N scheduled backups', async () => {
    const dir = path.join(pasta, 'origem', 'copias');
    for (const n of ['sig-copia-2020-01-01.zip', 'sig-copia-2020-01-02.zip', 'outro.txt']) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, n), 'x');
    }
    const r = await copiaAgendada(dir, 2, { banco: t.banco, dataDir: path.join(pasta, 'origem'), versao: VERSAO });
    expect(r.removidas).toEqual(['sig-copia-2020-01-01.zip']);
    // The backups' folder inside DATA_DIR is not itself backed up.
    const m = JSON.parse(strFromU8(unzipSync(new Uint8Array(readFileSync(r.arquivo)))['manifesto.json']!));
    expect(Object.keys(m.arquivos).some((a) => a.startsWith('copias/'))).toBe(false);
  }, 120_000);
});
