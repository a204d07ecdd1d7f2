import { hojeNoBrasil } from '@sig/contracts';
import { schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reqCom, usarAppTeste } from '../../../test/app-teste.js';
import { organizacaoPorNome, pessoaPorCpf, pessoasDe } from '../../../test/fabricas.js';

const t = usarAppTeste();
let admin: string;
let paroquia: string;
let atendimento: string;
let paroquiaId: number;
let outraId: number;
let tipoId: number;
let pessoas: number[];
let alheioId: number;
let criadoId: number;

const ano = Number(hojeNoBrasil().slice(0, 4));
const req = reqCom(t, () => paroquia);
const ministerio = (extra: Record<string, unknown> = {}) => ({
  organizacaoId: paroquiaId,
  nome: 'Coral Cantate Domino',
  tipoGrupoId: tipoId,
  coordenadorId: pessoas[0],
  reunioesPorAno: 40,
  participantes: [
    { pessoaId: pessoas[0], funcao: 'COORDENACAO' },
    { pessoaId: pessoas[1], funcao: 'MEMBRO' },
  ],
  estatisticas: [
    {
      ano: ano - 1,
      situacao: 'REUNIU',
      reunioesRealizadas: 38,
      mediaPresentes: 17,
      participantesMasculinos: 8,
      participantesFemininos: 12,
    },
    { ano, situacao: 'NAO_REUNIU' },
  ],
  ...extra,
});
const campos = (r: { json: () => { campos?: { campo: string; mensagem: string }[] } }) =>
  Object.fromEntries((r.json().campos ?? []).map((c) => [c.campo, c.mensagem]));

beforeAll(async () => {
  [admin, paroquia, atendimento] = await t.logins('admin', 'paroquia', 'atendimento');
  outraId = await organizacaoPorNome(t.banco.db, 'Sínodo Paranapanema');
  paroquiaId = (await pessoaPorCpf(t.banco.db, '11144477735')).organizacaoId!;
  const [tipo] = await t.banco.db
    .select({ id: schema.tipoGrupo.id })
    .from(schema.tipoGrupo)
    .where(eq(schema.tipoGrupo.nome, 'Coral'));
  tipoId = tipo!.id;
  pessoas = await pessoasDe(t.banco.db, paroquiaId, 3);
  const [alheia] = await t.banco.db
    .insert(schema.pessoa)
    .values({ nome: 'Alheia', sobrenome: 'Outro Sínodo', nomeBusca: 'alheia outro sinodo', organizacaoId: outraId })
    .returning({ id: schema.pessoa.id });
  const r = await req(
    'POST',
    '/api/ministerio',
    ministerio({
      organizacaoId: outraId,
      nome: 'Juventude Alheia',
      coordenadorId: alheia!.id,
      participantes: [{ pessoaId: alheia!.id, funcao: 'COORDENACAO' }],
      estatisticas: [],
    }),
    admin,
  );
  expect(r.statusCode, r.body).toBe(201);
  alheioId = r.json().id;
});

describe('POST /api/ministerio', () => {
  it('saves a ministry with participants and the figures typed, did-not-meet apart', async () => {
    const r = await req('POST', '/api/ministerio', ministerio());
    expect(r.statusCode, r.body).toBe(201);
    const m = r.json();
    criadoId = m.id;
    expect(m).toMatchObject({ nome: 'Coral Cantate Domino', tipoGrupoNome: 'Coral', coordenadorId: pessoas[0] });
    expect(m.participantes.map((p: { pessoaId: number; funcao: string }) => [p.pessoaId, p.funcao]).sort()).toEqual(
      [
        [pessoas[0], 'COORDENACAO'],
        [pessoas[1], 'MEMBRO'],
      ].sort(),
    );
    expect(m.estatisticas).toEqual([
      {
        ano,
        situacao: 'NAO_REUNIU',
        origem: 'DIGITADA',
        reunioesRealizadas: 0,
        mediaPresentes: 0,
        participantesMasculinos: 0,
        participantesFemininos: 0,
      },
      {
        ano: ano - 1,
        situacao: 'REUNIU',
        origem: 'DIGITADA',
        reunioesRealizadas: 38,
        mediaPresentes: 17,
        participantesMasculinos: 8,
        participantesFemininos: 12,
      },
    ]);
    expect(m.avisos).toEqual([]);
  });

  it('saves meetings beyond the meetings per year, with a warning in the reader language', async () => {
    const corpo = ministerio({ nome: 'Coral com ensaios extras', reunioesPorAno: 10 });
    const r = await req('POST', '/api/ministerio', corpo, paroquia, 'en');
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().avisos).toEqual([
      {
        campo: 'estatisticas.1.reunioesRealizadas',
        mensagem: `${ano - 1}: 38 meetings held, more than the 10 planned per year. Please check the number.`,
      },
    ]);
  });

  it('refuses a coordinator who is not a participant and a year that met without its figures', async () => {
    const r = await req(
      'POST',
      '/api/ministerio',
      ministerio({
        coordenadorId: pessoas[2],
        estatisticas: [{ ano: ano - 1, situacao: 'REUNIU', reunioesRealizadas: 5 }],
      }),
    );
    expect(r.statusCode).toBe(400);
    expect(campos(r)).toMatchObject({
      coordenadorId: 'A coordenação deve ser um dos participantes do ministério.',
      'estatisticas.0.mediaPresentes': 'Por favor, informe o campo Média de presentes',
      'estatisticas.0.participantesFemininos': 'Por favor, informe o campo Participantes (feminino)',
    });
    const en = await req('POST', '/api/ministerio', ministerio({ coordenadorId: pessoas[2] }), paroquia, 'en');
    expect(campos(en).coordenadorId).toBe("The coordinator must be one of the ministry's participants.");
    const futuro = await req(
      'POST',
      '/api/ministerio',
      ministerio({ estatisticas: [{ ano: ano + 1, situacao: 'NAO_REUNIU' }] }),
    );
    expect(campos(futuro)['estatisticas.0.ano']).toBe('O ano não pode ser futuro.');
  });

  it('is refused without the Ministerio screen, and for an organization out of scope', async () => {
    expect((await req('POST', '/api/ministerio', ministerio(), atendimento)).statusCode).toBe(403);
    const fora = await req('POST', '/api/ministerio', ministerio({ organizacaoId: outraId }));
    expect(fora.statusCode).toBe(400);
    expect(Object.keys(campos(fora))).toContain('organizacaoId');
  });
});

describe('GET /api/ministerio/paginado and /exportar', () => {
  it('lists the year asked with its status, filtered by reported or not', async () => {
    const lista = async (q: string) => (await req('GET', `/api/ministerio/paginado?nome=cantate&${q}`)).json();
    const passado = await lista(`ano=${ano - 1}`);
    expect(passado.total).toBe(1);
    expect(passado.itens[0]).toMatchObject({
      id: criadoId,
      participantes: 2,
      situacaoAno: 'REUNIU',
      reunioesRealizadas: 38,
      mediaPresentes: 17,
      participantesMasculinos: 8,
      participantesFemininos: 12,
    });
    expect((await lista('')).itens[0]).toMatchObject({ ano, situacaoAno: 'NAO_REUNIU', reunioesRealizadas: 0 });
    const antigo = await lista(`ano=${ano - 5}`);
    expect(antigo.itens[0]).toMatchObject({ situacaoAno: 'NAO_INFORMADO', reunioesRealizadas: null });
    expect((await lista(`ano=${ano - 5}&situacaoAno=NAO_INFORMADO`)).total).toBe(1);
    expect((await lista(`ano=${ano - 5}&situacaoAno=REUNIU`)).total).toBe(0);
    expect((await lista(`tipoGrupoId=${tipoId}&organizacaoId=${paroquiaId}`)).total).toBe(1);
  });

  it('exports the list as the reader reads it', async () => {
    const r = await req('GET', `/api/ministerio/exportar?nome=cantate&ano=${ano - 1}&formato=csv`);
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('Coral Cantate Domino');
    expect(r.body).toContain('Reuniu-se');
  });

  it('is refused without the screen and answers 404 for an organization out of scope', async () => {
    expect((await req('GET', '/api/ministerio/paginado', undefined, atendimento)).statusCode).toBe(403);
    expect((await req('GET', '/api/ministerio/exportar', undefined, atendimento)).statusCode).toBe(403);
    expect((await req('GET', `/api/ministerio/paginado?organizacaoId=${outraId}`)).statusCode).toBe(404);
    const todos = (await req('GET', '/api/ministerio/paginado?nome=alheia')).json();
    expect(todos.total).toBe(0);
  });
});

describe('GET, PUT and DELETE /api/ministerio/:id', () => {
  it('reads, changes and deletes a ministry of the scope', async () => {
    const lido = await req('GET', `/api/ministerio/${criadoId}`);
    expect(lido.statusCode).toBe(200);
    expect(lido.json().coordenadorNome).toBeTruthy();
    const r = await req(
      'PUT',
      `/api/ministerio/${criadoId}`,
      ministerio({
        coordenadorId: pessoas[1],
        participantes: [{ pessoaId: pessoas[1], funcao: 'COORDENACAO' }],
        estatisticas: [
          {
            ano: ano - 1,
            situacao: 'NAO_REUNIU',
            reunioesRealizadas: 3,
            mediaPresentes: 4,
            participantesMasculinos: 1,
            participantesFemininos: 1,
          },
        ],
      }),
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().participantes).toHaveLength(1);
    // Did not meet: no figures, whatever was typed; the year dropped from the form is not reported any more.
    expect(r.json().estatisticas).toEqual([
      expect.objectContaining({
        ano: ano - 1,
        situacao: 'NAO_REUNIU',
        reunioesRealizadas: 0,
        participantesFemininos: 0,
      }),
    ]);
    const invalido = await req('PUT', `/api/ministerio/${criadoId}`, ministerio({ reunioesPorAno: -1 }));
    expect(invalido.statusCode).toBe(400);
    expect(Object.keys(campos(invalido))).toContain('reunioesPorAno');
    expect((await req('DELETE', `/api/ministerio/${criadoId}`)).statusCode).toBe(200);
    expect((await req('GET', `/api/ministerio/${criadoId}`)).statusCode).toBe(404);
  });

  it('is refused without the screen', async () => {
    expect((await req('GET', `/api/ministerio/${alheioId}`, undefined, atendimento)).statusCode).toBe(403);
    expect((await req('PUT', `/api/ministerio/${alheioId}`, ministerio(), atendimento)).statusCode).toBe(403);
    expect((await req('DELETE', `/api/ministerio/${alheioId}`, undefined, atendimento)).statusCode).toBe(403);
  });

  it('answers 404 for a ministry out of scope, and changes nothing', async () => {
    expect((await req('GET', `/api/ministerio/${alheioId}`)).statusCode).toBe(404);
    const put = await req('PUT', `/api/ministerio/${alheioId}`, ministerio());
    expect(put.statusCode).toBe(404);
    expect((await req('DELETE', `/api/ministerio/${alheioId}`)).statusCode).toBe(404);
    expect((await req('GET', `/api/ministerio/${alheioId}`, undefined, admin)).json().nome).toBe('Juventude Alheia');
  });
});

describe('/api/ministerio/:id/reunioes', () => {
  let id: number;
  const data = (mes: number, dia: number) =>
    `${ano - 1}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;

  beforeAll(async () => {
    await t.banco.db.update(schema.pessoa).set({ sexo: 'F' }).where(eq(schema.pessoa.id, pessoas[0]!));
    await t.banco.db.update(schema.pessoa).set({ sexo: 'M' }).where(eq(schema.pessoa.id, pessoas[1]!));
    const r = await req('POST', '/api/ministerio', ministerio({ nome: 'Juventude com chamada', estatisticas: [] }));
    expect(r.statusCode, r.body).toBe(201);
    id = r.json().id;
  });

  it('computes the year from the meetings ticked, and a meeting deleted takes its part away', async () => {
    const primeira = await req('POST', `/api/ministerio/${id}/reunioes`, {
      data: data(3, 7),
      visitantes: 2,
      presentes: [pessoas[0], pessoas[1]],
    });
    expect(primeira.statusCode, primeira.body).toBe(200);
    const segunda = await req('POST', `/api/ministerio/${id}/reunioes`, { data: data(3, 14), presentes: [pessoas[0]] });
    expect(segunda.json().estatisticas).toEqual([
      {
        ano: ano - 1,
        situacao: 'REUNIU',
        origem: 'PRESENCAS',
        reunioesRealizadas: 2,
        mediaPresentes: 3, // (4 + 1) / 2, rounded
        participantesMasculinos: 1,
        participantesFemininos: 1,
      },
    ]);
    // Typed again for the same date: replaced, not added.
    await req('POST', `/api/ministerio/${id}/reunioes`, { data: data(3, 14), presentes: [pessoas[0]], visitantes: 1 });
    const lista = (await req('GET', `/api/ministerio/${id}/reunioes?ano=${ano - 1}`)).json();
    expect(
      lista.map((r: { data: string; presentes: number[]; visitantes: number }) => [r.data, r.presentes, r.visitantes]),
    ).toEqual([
      [data(3, 7), [pessoas[0], pessoas[1]].sort((a, b) => a! - b!), 2],
      [data(3, 14), [pessoas[0]], 1],
    ]);
    // The form's typed figures leave a year of meetings alone.
    const salvo = await req(
      'PUT',
      `/api/ministerio/${id}`,
      ministerio({
        nome: 'Juventude com chamada',
        estatisticas: [{ ano: ano - 1, situacao: 'NAO_REUNIU' }],
      }),
    );
    expect(salvo.json().estatisticas[0]).toMatchObject({ origem: 'PRESENCAS', reunioesRealizadas: 2 });
    const apagada = await req('DELETE', `/api/ministerio/${id}/reunioes/${lista[1].id}`);
    expect(apagada.statusCode).toBe(200);
    expect(apagada.json().estatisticas[0]).toMatchObject({ reunioesRealizadas: 1, mediaPresentes: 4 });
    const ultima = await req('DELETE', `/api/ministerio/${id}/reunioes/${lista[0].id}`);
    expect(ultima.json().estatisticas).toEqual([]);
  });

  it('refuses someone who is not a participant and a future date', async () => {
    const r = await req('POST', `/api/ministerio/${id}/reunioes`, { data: data(4, 1), presentes: [pessoas[2]] });
    expect(r.statusCode).toBe(400);
    expect(campos(r)['presentes.0']).toBe('Só participantes do ministério podem ser marcados como presentes.');
    const futura = await req('POST', `/api/ministerio/${id}/reunioes`, { data: `${ano + 1}-01-01`, presentes: [] });
    expect(campos(futura).data).toBe('A data não pode ser futura.');
  });

  it('is refused without the screen, and answers 404 out of scope', async () => {
    const corpo = { data: data(5, 1), presentes: [] };
    expect((await req('POST', `/api/ministerio/${id}/reunioes`, corpo, atendimento)).statusCode).toBe(403);
    expect((await req('GET', `/api/ministerio/${id}/reunioes?ano=${ano}`, undefined, atendimento)).statusCode).toBe(
      403,
    );
    expect((await req('DELETE', `/api/ministerio/${id}/reunioes/1`, undefined, atendimento)).statusCode).toBe(403);
    expect((await req('POST', `/api/ministerio/${alheioId}/reunioes`, corpo)).statusCode).toBe(404);
    expect((await req('GET', `/api/ministerio/${alheioId}/reunioes?ano=${ano}`)).statusCode).toBe(404);
    const dele = await req('POST', `/api/ministerio/${alheioId}/reunioes`, corpo, admin);
    expect(dele.statusCode, dele.body).toBe(200);
    const [reuniao] = (
      await req('GET', `/api/ministerio/${alheioId}/reunioes?ano=${ano - 1}`, undefined, admin)
    ).json();
    expect((await req('DELETE', `/api/ministerio/${alheioId}/reunioes/${reuniao.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/tipo-grupo/select', () => {
  it('offers the group types in the reader language', async () => {
    const pt = (await req('GET', '/api/tipo-grupo/select')).json() as { label: string }[];
    expect(pt.map((o) => o.label)).toContain('Grupo de mulheres');
    const en = (await req('GET', '/api/tipo-grupo/select?busca=women', undefined, paroquia, 'en')).json();
    expect(en).toEqual([{ value: expect.any(Number), label: "Women's group" }]);
    expect((await req('GET', '/api/tipo-grupo/select', undefined, atendimento)).statusCode).toBe(403);
  });
});

describe('the change history of a ministry', () => {
  it('records its creation, each changed field and its deletion, as other records', async () => {
    const historico = () => req('GET', `/api/auditoria-acesso/historico/ministerio/${id}`, undefined, admin);
    const c = await req('POST', '/api/ministerio', ministerio({ nome: 'Grupo de jovens Emaús' }));
    expect(c.statusCode, c.body).toBe(201);
    const id = c.json().id as number;
    const u = await req(
      'PUT',
      `/api/ministerio/${id}`,
      ministerio({ nome: 'Grupo de jovens Emaús', reunioesPorAno: 20 }),
    );
    expect(u.statusCode, u.body).toBe(200);
    const h = await historico();
    expect(h.statusCode, h.body).toBe(200);
    expect(h.json().map((x: { operacao: string; campo: string | null }) => [x.operacao, x.campo])).toEqual([
      ['ALTERACAO', 'reunioesPorAno'],
      ['CRIACAO', null],
    ]);
    expect(h.json()[0]).toMatchObject({ valorAnterior: 40, valorNovo: 20 });
    expect((await req('DELETE', `/api/ministerio/${id}`)).statusCode).toBe(200);
    expect((await historico()).json()[0].operacao).toBe('EXCLUSAO');
  });
});
