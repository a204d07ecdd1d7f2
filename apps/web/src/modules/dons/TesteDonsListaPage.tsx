import { PlusOutlined } from '@ant-design/icons';
import { ORDENACAO_TESTE_DONS, type Paged, type TesteDonsResumo } from '@sig/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, Modal, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { AcoesLinha } from '../../platform/crud/AcoesLinha';
import { SelectReferencia } from '../../platform/crud/controles';
import { formatoData } from '../../platform/crud/definicao';
import { ErroDaLista, TabelaDaLista } from '../../platform/crud/TabelaDaLista';
import { useListaNaUrl, usePaginaValida } from '../../platform/crud/useListaNaUrl';
import { mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO, rotaResposta, rotaResultado, useGabaritos, useVePessoas } from './comum';

type ValoresFiltro = {
  pessoaId?: number | null;
  gabaritoId?: number | null;
  periodoDe?: Dayjs | null;
  periodoAte?: Dayjs | null;
};
const FILTROS = ['pessoaId', 'gabaritoId', 'periodoDe', 'periodoAte'] as const;

const dataIso = (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined);
const numero = (v?: string) => (v ? Number(v) : null);

/** Asks which answer key the new test uses, then opens its questionnaire. */
function NovoTeste({ aberto, fechar }: { aberto: boolean; fechar: () => void }) {
  const { t } = useTranslation(['campos', 'comum', 'crud', 'dons', 'menu']);
  const navegar = useNavigate();
  const [form] = Form.useForm<{ gabaritoId: number }>();
  const gabaritos = useGabaritos();
  return (
    <Modal
      open={aberto}
      title={t('dons:novoTeste')}
      okText={t('dons:iniciar')}
      cancelText={t('comum:cancelar')}
      onOk={() => form.submit()}
      onCancel={fechar}
      destroyOnHidden
    >
      {gabaritos.isError && <Alert type="error" showIcon title={mensagemDeErro(gabaritos.error)} />}
      <Form form={form} name="novo-teste" layout="vertical" onFinish={(v) => navegar(rotaResposta(v.gabaritoId))}>
        <Form.Item
          name="gabaritoId"
          label={t('campos:gabaritoId')}
          rules={[{ required: true, message: t('dons:escolhaGabarito') }]}
        >
          <Select
            options={gabaritos.data ?? []}
            loading={gabaritos.isFetching}
            notFoundContent={t('dons:semGabaritos')}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * `/teste-dons`: the gifts tests taken within the user's scope, server-paged and filtered by
 * person, answer key and period (kept in the address like every list's); newest first.
 */
export default function TesteDonsListaPage() {
  const { t, i18n } = useTranslation(['campos', 'comum', 'crud', 'dons', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const vePessoas = useVePessoas();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<ValoresFiltro>();
  const [novo, setNovo] = useState(false);
  useTitulo(`menu:acessos.${ACESSO}`);

  const lista = useListaNaUrl(ORDENACAO_TESTE_DONS);
  const { params, pagina, quantidade, ordenarPor, ordem, mudar } = lista;
  // A stable text key, so the filters object only changes when a filter value does.
  const chaveFiltros = JSON.stringify(FILTROS.flatMap((f) => (params.get(f) ? [[f, params.get(f)]] : [])));
  const filtros = useMemo(
    () => Object.fromEntries(JSON.parse(chaveFiltros) as [string, string][]) as Record<string, string>,
    [chaveFiltros],
  );
  const gabaritos = useGabaritos();

  // The filter bar follows the address (coming back to the page restores it).
  useEffect(() => {
    form.setFieldsValue({
      pessoaId: numero(filtros.pessoaId),
      gabaritoId: numero(filtros.gabaritoId),
      periodoDe: filtros.periodoDe ? dayjs(filtros.periodoDe) : null,
      periodoAte: filtros.periodoAte ? dayjs(filtros.periodoAte) : null,
    });
  }, [filtros, form]);

  const consulta = { pagina, quantidade, ordenarPor, ordem, ...filtros };
  const q = useQuery({
    queryKey: ['teste-dons', 'paginado', consulta],
    queryFn: ({ signal }) => api.get<Paged<TesteDonsResumo>>('teste-dons/paginado', consulta, { sinal: signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  usePaginaValida(lista, q.data?.total);

  const buscar = (v: ValoresFiltro) => {
    form.setFields([{ name: 'periodoAte', errors: [] }]);
    mudar({
      pagina: undefined,
      pessoaId: v.pessoaId ? String(v.pessoaId) : undefined,
      gabaritoId: v.gabaritoId ? String(v.gabaritoId) : undefined,
      periodoDe: dataIso(v.periodoDe),
      periodoAte: dataIso(v.periodoAte),
    });
  };

  const excluir = async (id: number) => {
    try {
      await api.delete('teste-dons', id);
      void message.success(t('comum:excluidoComSucesso'));
      await qc.invalidateQueries({ queryKey: ['teste-dons'] });
    } catch (e) {
      void message.error(mensagemDeErro(e));
    }
  };

  const ordenavel = (c: (typeof ORDENACAO_TESTE_DONS)[number]) => {
    // Without a chosen column the list comes newest first.
    const atual = ordenarPor ?? 'realizadoEm';
    const direcao = ordenarPor ? ordem : 'desc';
    return {
      sorter: true,
      sortOrder: atual === c ? (direcao === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
    };
  };
  const podeVer = pode(ACESSO, 'R');
  const podeExcluir = pode(ACESSO, 'D');

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t(`menu:acessos.${ACESSO}`)}
        </Typography.Title>
        {pode(ACESSO, 'C') && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="novo" onClick={() => setNovo(true)}>
            {t('dons:novoTeste')}
          </Button>
        )}
      </Space>
      <Card size="small" title={t('comum:filtros')} data-testid="filtros">
        <Form form={form} name="filtros-teste-dons" layout="inline" style={{ rowGap: 12 }} onFinish={buscar}>
          {vePessoas && (
            <Form.Item name="pessoaId" label={t('campos:pessoaId')}>
              <SelectReferencia referencia="pessoa" allowClear placeholder={t('crud:todos')} />
            </Form.Item>
          )}
          <Form.Item name="gabaritoId" label={t('campos:gabaritoId')}>
            <Select
              allowClear
              style={{ minWidth: 220 }}
              placeholder={t('crud:todos')}
              options={gabaritos.data ?? []}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
          <Form.Item name="periodoDe" label={t('campos:periodoDe')}>
            <DatePicker format={formatoData(i18n.language)} />
          </Form.Item>
          <Form.Item name="periodoAte" label={t('campos:periodoAte')}>
            <DatePicker format={formatoData(i18n.language)} />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit">
              {t('comum:buscar')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                mudar({ pagina: undefined, ...Object.fromEntries(FILTROS.map((f) => [f, undefined])) });
              }}
            >
              {t('comum:limpar')}
            </Button>
          </Space>
        </Form>
      </Card>
      <ErroDaLista erro={q.error} form={form} />
      <TabelaDaLista<TesteDonsResumo>
        consulta={q}
        lista={lista}
        columns={[
          { key: 'pessoaNome', dataIndex: 'pessoaNome', title: t('campos:pessoaId'), ...ordenavel('pessoaNome') },
          {
            key: 'gabaritoNome',
            dataIndex: 'gabaritoNome',
            title: t('campos:gabaritoId'),
            ...ordenavel('gabaritoNome'),
          },
          { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoNome') },
          {
            key: 'realizadoEm',
            dataIndex: 'realizadoEm',
            title: t('campos:realizadoEm'),
            ...ordenavel('realizadoEm'),
            render: (v: string) => dayjs(v).format(`${formatoData(i18n.language)} HH:mm`),
          },
          {
            key: 'acoes',
            title: t('comum:acoes'),
            width: 120,
            render: (_: unknown, r: TesteDonsResumo) => (
              <AcoesLinha
                aoVisualizar={podeVer ? () => navegar(rotaResultado(r.id)) : undefined}
                aoExcluir={podeExcluir ? () => excluir(r.id) : undefined}
              />
            ),
          },
        ]}
      />
      <NovoTeste aberto={novo} fechar={() => setNovo(false)} />
    </Space>
  );
}
