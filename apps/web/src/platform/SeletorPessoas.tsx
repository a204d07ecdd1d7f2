import type { SelectOpcao } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from './api';
import { i18n } from './i18n';

type Limites = { minimo?: number; maximo?: number; obrigatorio?: boolean };

/** The configured maximum of people per selection (spec §5), read once per session. */
export function useMaximoSelecao(): number | undefined {
  const q = useQuery({
    queryKey: ['pessoa', 'selecao'],
    queryFn: ({ signal }) =>
      api.get<{ maximo: number }>('pessoa/selecao', undefined, { sinal: signal, semCarga: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return q.data?.maximo;
}

/**
 * Form rules of a people selection: required, at least `minimo`, at most `maximo` and never above
 * the configured maximum — the same bounds the server enforces, with its messages.
 */
export function regrasSeletorPessoas(campo: string, limites: Limites, configurado?: number): Rule[] {
  const maximo = Math.min(limites.maximo ?? Number.POSITIVE_INFINITY, configurado ?? Number.POSITIVE_INFINITY);
  const { t } = i18n;
  return [
    {
      validator: async (_r, v: number[] | undefined) => {
        const n = v?.length ?? 0;
        if (limites.obrigatorio && n === 0) throw new Error(t('validacao:obrigatorio', { campo }));
        if (limites.minimo && n > 0 && n < limites.minimo)
          throw new Error(t('validacao:itensMinimo', { campo, n: String(limites.minimo) }));
        if (Number.isFinite(maximo) && n > maximo)
          throw new Error(t('validacao:itensMaximoSelecao', { n: String(maximo) }));
      },
    },
  ];
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
  const [busca, setBusca] = useState('');
  const [termo, setTermo] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setTermo(busca.trim()), 300);
    return () => clearTimeout(h);
  }, [busca]);
  const opcoes = useQuery({
    queryKey: ['pessoa', 'select', termo],
    queryFn: ({ signal }) =>
      api.get<SelectOpcao[]>('pessoa/select', { busca: termo }, { sinal: signal, semCarga: true }),
    staleTime: 60_000,
  });
  const escolhidos = value ?? [];
  const faltando = escolhidos.filter((i) => !opcoes.data?.some((o) => o.value === i));
  const nomes = useQuery({
    queryKey: ['pessoa', 'select', 'ids', faltando.join(',')],
    queryFn: ({ signal }) =>
      api.get<SelectOpcao[]>('pessoa/select', { ids: faltando.join(',') }, { sinal: signal, semCarga: true }),
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
