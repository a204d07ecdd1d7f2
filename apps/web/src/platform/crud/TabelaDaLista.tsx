import { Alert, Button, type FormInstance, Space, Table, type TableProps } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api';
import { aplicarErrosServidor, mensagemDeErro } from '../formulario';
import type { useListaNaUrl } from './useListaNaUrl';

/** What a list page's query gives the table: a page of rows and the total, while loading or not. */
type ConsultaDaLista<T> = {
  data?: { itens: T[]; total?: number };
  isFetching: boolean;
  isError: boolean;
  error: unknown;
};

/**
 * The table every paged list shows: its page of rows, the "no results" text, horizontal scroll,
 * and paging and sorting wired to the address (`useListaNaUrl`). A list that pages its own way
 * (a capped total) passes `pagination` and `onChange` over these.
 */
export function TabelaDaLista<T extends object>({
  consulta,
  lista,
  ...props
}: { consulta: ConsultaDaLista<T>; lista: ReturnType<typeof useListaNaUrl> } & TableProps<T>) {
  const { t } = useTranslation(['comum', 'erros']);
  return (
    <Table<T>
      rowKey="id"
      loading={consulta.isFetching}
      dataSource={consulta.isError ? [] : (consulta.data?.itens ?? [])}
      locale={{ emptyText: t('erros:NENHUM_RESULTADO') }}
      scroll={{ x: 'max-content' }}
      {...lista.propsTabela<T>(consulta.data?.total)}
      {...props}
    />
  );
}

/**
 * A list's failed search, above its table. Given the filter form, the server's field errors go on
 * its fields instead (a period ending before it starts, say).
 */
export function ErroDaLista({ erro, form }: { erro: unknown; form?: FormInstance }) {
  const nosCampos = !!form && erro instanceof ApiError && erro.campos.length > 0;
  useEffect(() => {
    if (form) aplicarErrosServidor(form, erro);
  }, [form, erro]);
  if (!erro || nosCampos) return null;
  return <Alert type="error" showIcon title={mensagemDeErro(erro)} />;
}

/** The filter form's search (submit) and clear buttons. */
export function BotoesDeBusca({ limpar }: { limpar: () => void }) {
  const { t } = useTranslation(['comum']);
  return (
    <Space>
      <Button type="primary" htmlType="submit">
        {t('comum:buscar')}
      </Button>
      <Button onClick={limpar}>{t('comum:limpar')}</Button>
    </Space>
  );
}
