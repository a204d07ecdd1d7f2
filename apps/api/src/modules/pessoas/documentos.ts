import { schema } from '@sig/db';
import type { Idioma, Tradutor } from '@sig/i18n';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/contexto.js';
import type { ColunaArquivo } from '../../platform/exportacao.js';
import { nomeNoIdioma } from '../../platform/textos.js';

/**
 * People as documents read them (labels, the people report): the filtered set in name order,
 * each with its mailing address (the active correspondence one, else the preferential, else any
 * active) and its main contact, read in keyset batches so any count streams in flat memory.
 */
const LOTE = 2_000;
const { pessoa, organizacao, tipoPessoa, situacao } = schema;

const endereco = sql`lateral (
  select e.logradouro, e.numero, e.complemento, e.bairro, e.cep, c.nome as cidade, es.sigla as uf
  from pessoa_endereco e
  left join cidade c on c.id = e.cidade_id
  left join estado es on es.id = coalesce(e.estado_id, c.estado_id)
  where e.pessoa_id = ${pessoa.id} and e.excluido_em is null and e.ativo
  order by e.correspondencia desc, e.preferencial desc, e.id
  limit 1) as ende`;

const contato = sql`lateral (
  select ct.valor from pessoa_contato ct
  where ct.pessoa_id = ${pessoa.id} and ct.excluido_em is null
  order by ct.principal desc, ct.id
  limit 1) as cont`;

export const COLUNAS_DOCUMENTO = {
  nome: sql<string>`${pessoa.nome}`,
  sobrenome: sql<string>`${pessoa.sobrenome}`,
  cpf: sql<string | null>`${pessoa.cpf}`,
  rg: sql<string | null>`${pessoa.rg}`,
  sexo: sql<string | null>`${pessoa.sexo}`,
  dataNascimento: sql<string | null>`${pessoa.dataNascimento}`,
  estadoCivil: sql<string | null>`${pessoa.estadoCivil}`,
  status: sql<string>`${pessoa.status}`,
  titular: sql<boolean>`${pessoa.titular}`,
  email: sql<string | null>`${pessoa.email}`,
  tipoPessoaNome: sql<string | null>`${tipoPessoa.nome}`,
  situacaoNome: sql<string | null>`${situacao.nome}`,
  organizacaoNome: sql<string>`${organizacao.nomeFantasia}`,
  contatoPrincipal: sql<string | null>`cont.valor`,
  logradouro: sql<string | null>`ende.logradouro`,
  numero: sql<string | null>`ende.numero`,
  complemento: sql<string | null>`ende.complemento`,
  bairro: sql<string | null>`ende.bairro`,
  cep: sql<string | null>`ende.cep`,
  cidade: sql<string | null>`ende.cidade`,
  uf: sql<string | null>`ende.uf`,
} as const;

export type ColunaDocumento = keyof typeof COLUNAS_DOCUMENTO;

const TIPOS: Partial<Record<ColunaDocumento | 'id', Omit<ColunaArquivo, 'titulo'>>> = {
  id: { tipo: 'numero' },
  sexo: { tipo: 'opcao', rotulos: 'campos:opcao.sexo' },
  estadoCivil: { tipo: 'opcao', rotulos: 'campos:opcao.estadoCivil' },
  status: { tipo: 'opcao', rotulos: 'campos:opcao.status' },
  titular: { tipo: 'simNao' },
  dataNascimento: { tipo: 'data' },
  // Names, streets and e-mails take more of a printed page.
  nome: { peso: 2 },
  sobrenome: { peso: 2 },
  organizacaoNome: { peso: 2.5 },
  logradouro: { peso: 2.5 },
  email: { peso: 2.5 },
};

/** A person's column in a file: labelled in the reader's language, typed for its formatting. */
export const colunaPessoa = (c: ColunaDocumento | 'id', t: Tradutor): ColunaArquivo => ({
  titulo: t(`campos:${c}`, { defaultValue: c }),
  ...TIPOS[c],
});
export type LinhaDocumento = Record<ColunaDocumento, unknown> & { id: number };

/** Counting stops past the limit (the caller only needs to know whether it was reached). */
export async function contar(deps: Deps, onde: SQL, limite: number): Promise<number> {
  const [{ n }] = (await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`(select 1 from ${pessoa} where ${onde} limit ${limite + 1}) as x`)) as [{ n: number }];
  return n;
}

export async function* lotesPessoas(
  deps: Deps,
  onde: SQL,
  limite: number,
  idioma: Idioma,
): AsyncGenerator<LinhaDocumento[]> {
  // Type and situation in the reader's language (issue 18).
  const colunas = {
    ...COLUNAS_DOCUMENTO,
    tipoPessoaNome: sql<string | null>`${nomeNoIdioma(tipoPessoa.nome, tipoPessoa.nomeEn, idioma)}`,
    situacaoNome: sql<string | null>`${nomeNoIdioma(situacao.nome, situacao.nomeEn, idioma)}`,
  };
  let depois: { chave: string; id: number } | null = null;
  let lidas = 0;
  while (lidas < limite) {
    const tamanho = Math.min(LOTE, limite - lidas);
    const posicao = depois ? sql`(${pessoa.nomeBusca}, ${pessoa.id}) > (${depois.chave}, ${depois.id})` : undefined;
    const linhas = (await deps.db
      .select({ id: pessoa.id, chave: pessoa.nomeBusca, ...colunas })
      .from(pessoa)
      .innerJoin(organizacao, eq(organizacao.id, pessoa.organizacaoId))
      .leftJoin(tipoPessoa, eq(tipoPessoa.id, pessoa.tipoPessoaId))
      .leftJoin(situacao, eq(situacao.id, pessoa.situacaoId))
      .leftJoin(endereco, sql`true`)
      .leftJoin(contato, sql`true`)
      .where(and(onde, posicao))
      .orderBy(asc(pessoa.nomeBusca), asc(pessoa.id))
      .limit(tamanho)) as unknown as (LinhaDocumento & { chave: string })[];
    if (!linhas.length) return;
    yield linhas;
    lidas += linhas.length;
    const ultima = linhas[linhas.length - 1]!;
    depois = { chave: ultima.chave, id: ultima.id };
    if (linhas.length < tamanho) return;
  }
}
