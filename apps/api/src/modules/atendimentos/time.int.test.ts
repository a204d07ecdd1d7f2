import { schema } from '@sig/db';
import { and, eq, like, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { organizacaoPorNome } from '../../../test/fabricas.js';

const t = usarAppTeste();
let atendimento: string;
let tesouraria: string;
let timeId: number;
let sinodoId: number;
let outroSinodoId: number;
let usuarioId: number;
let categoriaId: number;

const get = (url: string, token = atendimento) => t.req({ method: 'GET', url, token });

const ticket = async (
  assunto: string,
  status: string,
  organizacaoDestinoId = sinodoId,
  time: number | null = timeId,
) => {
  const [a] = await t.banco.db
    .insert(schema.atendimento)
    .values({
      protocolo: `T-${assunto}`,
      assunto,
      descricao: assunto,
      categoriaAtendimentoId: categoriaId,
      solicitanteUsuarioId: usuarioId,
      organizacaoOrigemId: organizacaoDestinoId,
      organizacaoDestinoId,
      timeId: time,
      responsavelUsuarioId: usuarioId,
      status,
    })
    .returning({ id: schema.atendimento.id });
  return a!.id;
};

beforeAll(async () => {
  [atendimento, tesouraria] = await t.logins('atendimento', 'tesouraria');
  sinodoId = await organizacaoPorNome(t.banco.db, 'Sínodo Rio dos Sinos');
  const [outro] = await t.banco.db
    .select({ id: schema.organizacao.id })
    .from(schema.organizacao)
    .where(and(like(schema.organizacao.nomeFantasia, 'Sínodo%'), ne(schema.organizacao.id, sinodoId)))
    .limit(1);
  outroSinodoId = outro!.id;
  const [time] = await t.banco.db
    .select({ id: schema.time.id })
    .from(schema.time)
    .where(eq(schema.time.nome, 'Secretaria do Sínodo'));
  timeId = time!.id;
  const [u] = await t.banco.db
    .select({ id: schema.usuario.id })
    .from(schema.usuario)
    .where(eq(schema.usuario.email, 'atendimento@sig.local'));
  usuarioId = u!.id;
  const [c] = await t.banco.db
    .select({ id: schema.categoriaAtendimento.id })
    .from(schema.categoriaAtendimento)
    .limit(1);
  categoriaId = c!.id;
});

describe('GET /api/time/:id/atendimentos', () => {
  it('lists the team’s open tickets in scope, oldest first, with their total', async () => {
    const antes = (await get(`/api/time/${timeId}/atendimentos`)).json().total as number;
    const aberto = await ticket('Certidão de batismo', 'ABERTO');
    const andamento = await ticket('Declaração de membro', 'EM_ANDAMENTO');
    await ticket('Já concluído', 'CONCLUIDO');
    await ticket('Cancelado', 'CANCELADO');
    await ticket('Na triagem', 'ABERTO', sinodoId, null);
    // Another synod's ticket for the same team is out of the reader's scope.
    await ticket('De outro sínodo', 'ABERTO', outroSinodoId);
    const r = await get(`/api/time/${timeId}/atendimentos`);
    expect(r.statusCode, r.body).toBe(200);
    const corpo = r.json();
    expect(corpo.total).toBe(antes + 2);
    const meus = corpo.itens.filter((i: { id: number }) => [aberto, andamento].includes(i.id));
    expect(meus).toEqual([
      expect.objectContaining({
        id: aberto,
        assunto: 'Certidão de batismo',
        status: 'ABERTO',
        organizacaoDestinoNome: 'Sínodo Rio dos Sinos',
        responsavelNome: expect.any(String),
      }),
      expect.objectContaining({ id: andamento, status: 'EM_ANDAMENTO' }),
    ]);
    expect(corpo.itens.map((i: { assunto: string }) => i.assunto)).not.toContain('De outro sínodo');
  });

  it('answers 400 for an id that is not one, 404 for a team that does not exist', async () => {
    expect((await get('/api/time/abc/atendimentos')).statusCode).toBe(400);
    expect((await get('/api/time/999999/atendimentos')).statusCode).toBe(404);
  });

  it('needs the Team screen (403)', async () => {
    expect((await get(`/api/time/${timeId}/atendimentos`, tesouraria)).statusCode).toBe(403);
  });
});
