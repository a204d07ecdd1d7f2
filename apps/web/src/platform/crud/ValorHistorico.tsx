import type { CampoCadastro, FilhoCadastro } from '@sig/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecursoSelect } from '../cliente';
import { celulaDoCampo } from './celulas';
import { RotuloReferencia } from './controles';
import { rotuloCampo } from './definicao';

const vazio = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length);

/** Fields a reader never needs to see in a change: the row's own ids and the record's bookkeeping. */
const INTERNOS = new Set(['id', 'pessoaId', 'organizacaoId', 'criadoEm', 'atualizadoEm', 'excluidoEm']);

type Declaracoes = { campos: readonly CampoCadastro[]; filhos?: readonly FilhoCadastro[] };

/** One declared field's value as a list writes it; a reference by the name of the record it names. */
function Valor({ campo, valor }: { campo: CampoCadastro | undefined; valor: unknown }): ReactNode {
  if (vazio(valor)) return '—';
  if (campo?.tipo === 'referencia' && typeof valor === 'number')
    return <RotuloReferencia referencia={campo.referencia as RecursoSelect} id={valor} />;
  if (campo) return celulaDoCampo(campo)(valor, { id: 0 }) || '—';
  return typeof valor === 'object' ? JSON.stringify(valor) : String(valor);
}

/** A record or sub-record (an address, a created person) as "Field: value" pairs, empty ones left out. */
function Itens({ valor, campos }: { valor: Record<string, unknown>; campos: readonly CampoCadastro[] }) {
  const { t } = useTranslation('campos');
  const presentes = Object.entries(valor).filter(([nome, v]) => !INTERNOS.has(nome) && !vazio(v));
  return (
    <>
      {presentes.map(([nome, v], i) => {
        const c = campos.find((x) => x.nome === nome);
        return (
          <span key={nome}>
            {i > 0 && '; '}
            {t(rotuloCampo({ nome }), { defaultValue: nome })}: <Valor campo={c} valor={v} />
          </span>
        );
      })}
    </>
  );
}

/**
 * A value of the change history in the reader's language: an option by its label ("Casado(a)",
 * not "CASADO"), yes/no, dates and money as the lists write them, a reference by the record's
 * name, and a sub-record list (addresses, contacts) or a whole record as its labelled fields —
 * never a JSON blob. `campo` is the changed field (null for a creation or deletion: the record).
 */
export function ValorHistorico({
  campo,
  valor,
  declaracoes,
}: {
  campo: string | null;
  valor: unknown;
  declaracoes: Declaracoes;
}) {
  if (vazio(valor)) return <>—</>;
  const filho = declaracoes.filhos?.find((f) => f.nome === campo);
  if (filho && Array.isArray(valor))
    return (
      <ol style={{ margin: 0, paddingInlineStart: 18 }}>
        {valor.map((item, i) => (
          // Items have no stable key in a history value; their order is the stored one.
          // biome-ignore lint/suspicious/noArrayIndexKey: a stored list, never reordered on screen
          <li key={i}>
            {item && typeof item === 'object' ? (
              <Itens valor={item as Record<string, unknown>} campos={filho.campos} />
            ) : (
              String(item)
            )}
          </li>
        ))}
      </ol>
    );
  if (campo === null && typeof valor === 'object' && !Array.isArray(valor))
    return <Itens valor={valor as Record<string, unknown>} campos={declaracoes.campos} />;
  return <Valor campo={declaracoes.campos.find((c) => c.nome === campo)} valor={valor} />;
}
