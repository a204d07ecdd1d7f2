import type { CampoCadastro, ExtensaoCampo } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { chaves, cliente, dados } from '../cliente';
import { ComGlifo } from '../Glifo';
import { i18n } from '../i18n';
import { conferirSelecao, lerMaximoSelecao, SeletorPessoas } from '../SeletorPessoas';
import { type Registro, rotuloOpcao } from './definicao';

/**
 * What a field's extension (contracts `ExtensaoCampo`, named in the declaration) draws instead
 * of its type's own: the control in forms, the cell in lists, and rules beyond its schema. The
 * registry engine and the hand forms read the same table, so a field looks alike everywhere.
 */
export type ExtensaoWeb = {
  controle?: (c: CampoCadastro) => ReactElement;
  celula?: (valor: unknown, linha: Registro, c: CampoCadastro) => ReactNode;
  regras?: (c: CampoCadastro, rotulo: string) => Rule[];
};

type Icone = { id: number; nome: string; simbolo: string; ativo: boolean };

/** The icon registry, whole (a short table): its selects and cells draw each glyph from one read. */
const useIcones = () =>
  useQuery({
    queryKey: chaves('icones').listas(),
    queryFn: ({ signal }) => dados(cliente.GET('/api/icones/', { signal })) as Promise<Icone[]>,
    staleTime: 5 * 60_000,
  });

function RotuloIcone({ id }: { id: unknown }) {
  const q = useIcones();
  const icone = q.data?.find((i) => i.id === id);
  return icone ? <ComGlifo simbolo={icone.simbolo} texto={icone.nome} /> : null;
}

/** Chooses an icon of the registry (active ones, plus the one already chosen), glyphs drawn. */
function SelectIcone({
  value,
  onChange,
  ...resto
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
  allowClear?: boolean;
}) {
  const { t } = useTranslation(['comum', 'crud']);
  const q = useIcones();
  const opcoes = (q.data ?? [])
    .filter((i) => i.ativo || i.id === value)
    .map((i) => ({ value: i.id, label: <ComGlifo simbolo={i.simbolo} texto={i.nome} />, nome: i.nome }));
  return (
    <Select<number>
      {...resto}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={opcoes}
      loading={q.isFetching}
      showSearch={{ optionFilterProp: 'nome' }}
      notFoundContent={q.isFetching ? t('comum:app.carregando') : t('crud:semOpcoes')}
      style={{ width: '100%', minWidth: 180 }}
    />
  );
}

const textoDaOpcao = (c: CampoCadastro, o: string) => i18n.t(rotuloOpcao(c, o), { defaultValue: o });

export const EXTENSOES: Record<ExtensaoCampo, ExtensaoWeb> = {
  icone: {
    controle: (c) => <SelectIcone allowClear={!c.obrigatorio} />,
    celula: (v) => <RotuloIcone id={v} />,
  },
  glifo: {
    controle: (c) => (
      <Select
        allowClear={!c.obrigatorio}
        options={(c.opcoes ?? []).map((o) => {
          const texto = textoDaOpcao(c, o);
          return { value: o, texto, label: <ComGlifo simbolo={o} texto={texto} /> };
        })}
        // The label is drawn: the search reads its name.
        showSearch={{ optionFilterProp: 'texto' }}
      />
    ),
    celula: (v, _linha, c) => <ComGlifo simbolo={String(v)} texto={textoDaOpcao(c, String(v))} />,
  },
  pessoas: {
    controle: () => <SeletorPessoas />,
    regras: (c, rotulo) => [
      {
        validator: async (_regra, v: number[] | undefined) =>
          conferirSelecao(
            rotulo,
            { obrigatorio: c.obrigatorio, maximo: c.max },
            v?.length ? await lerMaximoSelecao() : undefined,
            v,
          ),
      },
    ],
  },
};

/** The rules a field's extension adds to its schema's (none for most fields). */
export const regrasDaExtensao = (c: CampoCadastro, rotulo: string): Rule[] =>
  (c.extensao && EXTENSOES[c.extensao].regras?.(c, rotulo)) || [];
