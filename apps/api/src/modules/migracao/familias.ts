import { cpf as esquemaCpf } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import type { IssueValidacao } from '@sig/i18n';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Contexto } from '../../platform/contexto.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { normalizarTexto } from './conversao.js';
import { type Autor, issue, type LinhaAnalisada, type ValoresLinha } from './pessoas.js';
import { carregarTitulares, type Titular } from './receber.js';

/**
 * The families kind (issue 23): one row per member of a household, grouped by the source's family
 * key or, without one, by address and surname. A group by key links each member to its head with
 * the row's degree (the family links the registry keeps, both ways); a group by address is only
 * proposed, for review, never linked silently.
 */
const { pessoaFamilia: familia, grauParentesco: grau } = schema;

/** What a row writes: the member linked to the household's head with this degree (and its reciprocal). */
export type DadosFamilia = { titularId: number; pessoaId: number; grauParentescoId: number; reciprocoId: number };

/** Degrees by name, loaded once per run; the head is the one a household's other rows link to. */
export type ReferenciasFamilias = { graus: { id: number; nome: string; reciprocoId: number | null }[] };

export async function carregarReferenciasFamilias(db: DbOuTx): Promise<ReferenciasFamilias> {
  const graus = await db
    .select({ id: grau.id, nome: grau.nome, reciprocoId: grau.reciprocoId })
    .from(grau)
    .where(isNull(grau.excluidoEm));
  return { graus: graus.map((g) => ({ ...g, nome: normalizarTexto(g.nome) })) };
}

const TITULAR = ['titular', 'responsavel', 'chefe', 'chefe da familia'];
const APELIDOS: Record<string, string> = { esposa: 'conjuge', esposo: 'conjuge', marido: 'conjuge', mulher: 'conjuge' };

function grauDe(refs: ReferenciasFamilias, parentesco: string) {
  const n = APELIDOS[normalizarTexto(parentesco)] ?? normalizarTexto(parentesco);
  // "Filha" finds "Filho(a)", "Irmã" finds "Irmão(ã)": the degrees are named for both.
  return (
    refs.graus.find((g) => g.nome === n) ?? refs.graus.find((g) => n.length >= 4 && g.nome.startsWith(n.slice(0, 4)))
  );
}

type Membro = {
  numero: number;
  original: Record<string, string>;
  valores: ValoresLinha;
  titular?: Titular;
  mensagens: IssueValidacao[];
};

const ultimoSobrenome = (s: string) => normalizarTexto(s).split(' ').at(-1) ?? '';

/**
 * Families are grouped over the whole file: each chunk only resolves its people (in the writer's
 * scope), and `fim` groups them and answers every row.
 */
export function analisadorFamilias(db: DbOuTx, ctx: Contexto, run: { origem: string }, refs: ReferenciasFamilias) {
  const membros: Membro[] = [];
  const vistos = new Set<number>();
  return {
    async bloco(linhas: { numero: number; original: Record<string, string>; valores: ValoresLinha }[]) {
      const cpfs = linhas.map((l) => (l.valores.cpf ? esquemaCpf.safeParse(l.valores.cpf) : null));
      const titulares = await carregarTitulares(
        db,
        ctx,
        run.origem,
        linhas.flatMap((l) => (l.valores.pessoaChave ? [l.valores.pessoaChave.trim()] : [])),
        cpfs.flatMap((c) => (c?.success ? [c.data] : [])),
      );
      linhas.forEach((l, i) => {
        const v = l.valores;
        const m: Membro = { ...l, mensagens: [] };
        const c = cpfs[i];
        let t = v.pessoaChave ? titulares.chave.get(v.pessoaChave.trim()) : undefined;
        if (v.pessoaChave && !t) m.mensagens.push(issue('pessoaChave', 'validacao:referenciaInexistente'));
        if (c && !c.success) m.mensagens.push(issue('cpf', 'validacao:cpfInvalido'));
        else if (c && !t) {
          t = titulares.cpf.get(c.data);
          if (!t) m.mensagens.push(issue('cpf', 'validacao:referenciaInexistente'));
        }
        if (!v.pessoaChave && !v.cpf) m.mensagens.push(issue('pessoaChave', 'validacao:obrigatorio'));
        if (t && !t.noEscopo) {
          m.mensagens.push(issue(v.pessoaChave ? 'pessoaChave' : 'cpf', 'validacao:foraDoEscopo'));
          t = undefined;
        }
        if (t && vistos.has(t.id)) {
          m.mensagens.push(issue(v.pessoaChave ? 'pessoaChave' : 'cpf', 'validacao:repetidoNoArquivo'));
          t = undefined;
        }
        if (t) vistos.add(t.id);
        if (!v.chaveFamilia && !v.logradouro) m.mensagens.push(issue('chaveFamilia', 'validacao:obrigatorio'));
        if (v.parentesco && !TITULAR.includes(normalizarTexto(v.parentesco)) && !grauDe(refs, v.parentesco))
          m.mensagens.push(issue('parentesco', 'validacao:referenciaInexistente'));
        m.titular = t;
        membros.push(m);
      });
      return [];
    },

    async fim(): Promise<LinhaAnalisada<DadosFamilia>[]> {
      const grupos = new Map<string, Membro[]>();
      for (const m of membros) {
        if (m.mensagens.length || !m.titular) continue;
        const v = m.valores;
        const chave = v.chaveFamilia
          ? `k:${v.chaveFamilia.trim()}`
          : `e:${normalizarTexto(v.logradouro!)}|${normalizarTexto(v.numero ?? '')}|${(v.cep ?? '').replace(/\D/g, '')}|${ultimoSobrenome(m.titular.sobrenome)}`;
        grupos.set(chave, [...(grupos.get(chave) ?? []), m]);
      }
      const r = new Map<Membro, LinhaAnalisada<DadosFamilia>>();
      for (const m of membros)
        r.set(m, {
          numero: m.numero,
          chaveLegada: m.valores.chaveFamilia ?? null,
          descricao: m.titular?.nome ?? '',
          original: m.original,
          acao: m.mensagens.length || !m.titular ? 'ERRO' : 'IGNORAR',
          dados: null,
          diferencas: [],
          mensagens: m.mensagens,
          alvoId: m.titular?.id ?? null,
        });
      const propostas: [LinhaAnalisada<DadosFamilia>, DadosFamilia][] = [];
      for (const [chave, grupo] of grupos) {
        if (grupo.length < 2) continue;
        const cabeca =
          grupo.find((m) => TITULAR.includes(normalizarTexto(m.valores.parentesco ?? ''))) ??
          grupo.find((m) => !m.valores.parentesco) ??
          grupo[0]!;
        for (const m of grupo) {
          if (m === cabeca) continue;
          const l = r.get(m)!;
          const g = m.valores.parentesco ? grauDe(refs, m.valores.parentesco) : undefined;
          if (!g) {
            l.acao = 'ERRO';
            l.mensagens = [issue('parentesco', 'validacao:obrigatorio')];
            continue;
          }
          const dados = {
            titularId: cabeca.titular!.id,
            pessoaId: m.titular!.id,
            grauParentescoId: g.id,
            reciprocoId: g.reciprocoId ?? g.id,
          };
          l.descricao = `${m.titular!.nome} → ${cabeca.titular!.nome}`;
          l.diferencas = [{ campo: 'parentesco', antes: null, depois: m.valores.parentesco }];
          if (chave.startsWith('e:')) {
            // No key from the source: only a guess, a person confirms it.
            l.acao = 'REVISAR';
            l.mensagens = [issue('chaveFamilia', 'validacao:familiaPorEndereco')];
          } else l.acao = 'CRIAR';
          l.dados = dados;
          propostas.push([l, dados]);
        }
      }
      // Links the registry has already: the row has nothing to write.
      const existentes = propostas.length
        ? await db
            .select({ pessoaId: familia.pessoaId, parenteId: familia.parenteId })
            .from(familia)
            .where(
              and(
                isNull(familia.excluidoEm),
                inArray(
                  familia.pessoaId,
                  propostas.map(([, d]) => d.titularId),
                ),
              ),
            )
        : [];
      const ja = new Set(existentes.map((e) => `${e.pessoaId}:${e.parenteId}`));
      for (const [l, d] of propostas)
        if (ja.has(`${d.titularId}:${d.pessoaId}`)) {
          l.acao = 'IGNORAR';
          l.diferencas = [];
          l.mensagens = [];
        }
      return membros.map((m) => r.get(m)!);
    },
  };
}

/** What undo removes: the link rows the row added (both directions). */
export type AnterioresFamilia = { vinculos: number[] };

/** Links the member to the head, both ways, unless a link between them stands already. */
export async function escreverFamilia(
  tx: DbOuTx,
  autor: Autor,
  d: DadosFamilia,
): Promise<{ alvoId: number; anteriores: AnterioresFamilia }> {
  const existentes = await tx
    .select({ pessoaId: familia.pessoaId, parenteId: familia.parenteId })
    .from(familia)
    .where(
      and(
        isNull(familia.excluidoEm),
        or(
          and(eq(familia.pessoaId, d.titularId), eq(familia.parenteId, d.pessoaId)),
          and(eq(familia.pessoaId, d.pessoaId), eq(familia.parenteId, d.titularId)),
        ),
      ),
    );
  const novos = [
    { pessoaId: d.titularId, parenteId: d.pessoaId, grauParentescoId: d.grauParentescoId },
    { pessoaId: d.pessoaId, parenteId: d.titularId, grauParentescoId: d.reciprocoId },
  ].filter((n) => !existentes.some((e) => e.pessoaId === n.pessoaId && e.parenteId === n.parenteId));
  const ids = novos.length
    ? await tx.insert(familia).values(novos).returning({ id: familia.id, pessoaId: familia.pessoaId })
    : [];
  for (const n of novos)
    await registrarAlteracao(tx, autor, 'pessoa', n.pessoaId, null, {
      familia: { parenteId: n.parenteId, grauParentescoId: n.grauParentescoId },
    });
  return { alvoId: d.pessoaId, anteriores: { vinculos: ids.map((i) => i.id) } };
}

export async function desfazerFamilia(tx: DbOuTx, autor: Autor, a: AnterioresFamilia) {
  if (!a.vinculos.length) return;
  const removidos = await tx
    .update(familia)
    .set({ excluidoEm: new Date() })
    .where(inArray(familia.id, a.vinculos))
    .returning({ pessoaId: familia.pessoaId, parenteId: familia.parenteId });
  for (const r of removidos)
    await registrarAlteracao(
      tx,
      autor,
      'pessoa',
      r.pessoaId,
      { familia: { parenteId: r.parenteId } },
      { familia: null },
    );
}
