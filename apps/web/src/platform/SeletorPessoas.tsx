import type { SelectOpcao } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { chaves, clienteDiscreto, dados, recurso } from './cliente';
import { i18n } from './i18n';
import { useBuscaAdiada } from './useBuscaAdiada';

type Limites = { minimo?: number; maximo?: number; obrigatorio?: boolean };

/** The configured maximum of people per selection (spec §5), read once per session. */
export function useMaximoSelecao(): number | undefined {
  const q = useQuery({
    queryKey: [...chaves('pessoa').todas, 'selecao'],
    queryFn: lerMaximoSelecao,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return q.data;
}

let maximoSelecao: Promise<number> | undefined;
/** The configured maximum, asked once per page load (and again after a failure): rules read it too. */
export function lerMaximoSelecao(): Promise<number> {
  maximoSelecao ??= dados(clienteDiscreto.GET('/api/pessoa/selecao'))
    .then((r) => r.maximo)
    .catch((e: unknown) => {
      maximoSelecao = undefined;
      throw e;
    });
  return maximoSelecao;
}

/**
 * A people selection within its bounds: required, at least `minimo`, at most `maximo` and never
 * above the configured maximum — the same bounds the server enforces, with its messages.
 */
export function conferirSelecao(campo: string, limites: Limites, configurado: number | undefined, v?: number[]) {
  const maximo = Math.min(limites.maximo ?? Number.POSITIVE_INFINITY, configurado ?? Number.POSITIVE_INFINITY);
  const { t } = i18n;
  const n = v?.length ?? 0;
  if (limites.obrigatorio && n === 0) throw new Error(t('validacao:obrigatorio', { campo }));
  if (limites.minimo && n > 0 && n < limites.minimo)
    throw new Error(t('validacao:itensMinimo', { campo, count: limites.minimo }));
  if (Number.isFinite(maximo) && n > maximo) throw new Error(t('validacao:itensMaximoSelecao', { n: String(maximo) }));
}

/** Form rules of a people selection (`conferirSelecao`). */
export function regrasSeletorPessoas(campo: string, limites: Limites, configurado?: number): Rule[] {
  return [{ validator: async (_r, v: number[] | undefined) => conferirSelecao(campo, limites, configurado, v) }];
}

/**
 * The people selector other screens reuse (spec §5): search by name or CPF within the user's
 * scope, chosen people shown by name even when they are not among the current options.
 */
export function SeletorPessoas({
  value,
  onChange,
  id,
  disabled,
  'aria-label': rotulo,
}: {
  value?: number[];
  onChange?: (v: number[]) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
}) {
  const { t } = useTranslation(['comum', 'crud', 'validacao']);
  const { termo, setBusca } = useBuscaAdiada();
  const opcoes = useQuery({
    queryKey: chaves('pessoa').select(termo),
    queryFn: ({ signal }) => recurso.opcoes('pessoa', { busca: termo }, signal),
    staleTime: 60_000,
  });
  const escolhidos = value ?? [];
  const faltando = escolhidos.filter((i) => !opcoes.data?.some((o) => o.value === i));
  const nomes = useQuery({
    queryKey: [...chaves('pessoa').select(), 'ids', faltando.join(',')],
    queryFn: ({ signal }) => recurso.opcoes('pessoa', { ids: faltando.join(',') }, signal),
    enabled: faltando.length > 0,
    staleTime: 5 * 60_000,
  });
  const todas = useMemo(() => {
    const m = new Map<number, SelectOpcao>();
    for (const o of [...(nomes.data ?? []), ...(opcoes.data ?? [])]) m.set(o.value, o);
    return [...m.values()];
  }, [nomes.data, opcoes.data]);
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      aria-label={rotulo}
      disabled={disabled}
      value={escolhidos}
      onChange={(v) => onChange?.(v)}
      options={todas}
      loading={opcoes.isFetching}
      showSearch={{ filterOption: false, onSearch: setBusca }}
      placeholder={t('comum:seletorPessoas.buscar')}
      notFoundContent={opcoes.isFetching ? t('comum:app.carregando') : t('crud:semOpcoes')}
      style={{ width: '100%' }}
    />
  );
}
