import { FilePdfOutlined, PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import { type ContaAReceber, type Paged, type Recibo, type ReciboResumo, reciboListQuery } from '@sig/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, InputNumber, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { SelectReferencia } from '../../platform/crud/controles';
import { dataParaTela, dinheiroParaTela, formatoData } from '../../platform/crud/definicao';
import { BotoesDeBusca, ErroDaLista, TabelaDaLista } from '../../platform/crud/TabelaDaLista';
import { useListaNaUrl, usePaginaValida } from '../../platform/crud/useListaNaUrl';
import { mensagemDeErro, validarCaminho } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO_RECIBO } from './comum';
import { Estorno } from './Estorno';

type Filtros = {
  pessoaId?: number | null;
  numero?: number | null;
  dataDe?: Dayjs | null;
  dataAte?: Dayjs | null;
  situacao?: string | null;
};
const FILTROS = ['pessoaId', 'numero', 'dataDe', 'dataAte', 'situacao'] as const;
const iso = (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined);
const consultaDe = (v: Filtros) => ({
  pessoaId: v.pessoaId ? String(v.pessoaId) : undefined,
  numero: v.numero ? String(v.numero) : undefined,
  dataDe: iso(v.dataDe),
  dataAte: iso(v.dataAte),
  situacao: v.situacao ?? undefined,
});
const numeroTela = (n: number) => String(n).padStart(6, '0');

/** Paid receivables not in a receipt, chosen by hand; the server applies spec §5's rules. */
function EmitirRecibo({ aberto, fechar }: { aberto: boolean; fechar: () => void }) {
  const { t, i18n } = useTranslation(['campos', 'cobrancas', 'comum', 'erros', 'menu']);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [pessoaId, setPessoaId] = useState<number | null>(null);
  const [selecionadas, setSelecionadas] = useState<number[]>([]);
  const [pagina, setPagina] = useState(1);
  const [enviando, setEnviando] = useState(false);
  const consulta = { status: 'PAGO', semRecibo: 'true', pagina, quantidade: 10, ordenarPor: 'titular', pessoaId };
  const q = useQuery({
    queryKey: ['conta-a-receber', 'paginado', consulta],
    queryFn: ({ signal }) =>
      api.get<Paged<ContaAReceber>>(
        'conta-a-receber/paginado',
        { ...consulta, pessoaId: pessoaId ?? undefined },
        { sinal: signal },
      ),
    enabled: aberto,
    placeholderData: keepPreviousData,
  });
  const emitir = async () => {
    setEnviando(true);
    try {
      const r = await api.post<Recibo>('recibo', { contaAReceberIds: selecionadas });
      await qc.invalidateQueries({ queryKey: ['recibo'] });
      await qc.invalidateQueries({ queryKey: ['conta-a-receber'] });
      void message.success(t('cobrancas:recibos.emitido', { numero: numeroTela(r.numero) }));
      setSelecionadas([]);
      fechar();
    } catch (e) {
      void message.error(mensagemDeErro(e));
    } finally {
      setEnviando(false);
    }
  };
  return (
    <Modal
      open={aberto}
      width={860}
      title={t('cobrancas:recibos.emitirTitulo')}
      okText={t('cobrancas:recibos.emitir')}
      okButtonProps={{ disabled: !selecionadas.length, loading: enviando }}
      cancelText={t('comum:cancelar')}
      onOk={emitir}
      onCancel={fechar}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('cobrancas:recibos.selecioneContas')}</Typography.Text>
        <div style={{ maxWidth: 360 }}>
          <SelectReferencia
            referencia="pessoa"
            allowClear
            placeholder={t('campos:pessoaId')}
            aria-label={t('campos:pessoaId')}
            value={pessoaId}
            onChange={(v: number | null) => {
              setPessoaId(v ?? null);
              setPagina(1);
            }}
          />
        </div>
        <Table<ContaAReceber>
          rowKey="id"
          size="small"
          data-testid="contas-para-recibo"
          loading={q.isFetching}
          dataSource={q.data?.itens ?? []}
          locale={{ emptyText: t('erros:NENHUM_RESULTADO') }}
          rowSelection={{
            selectedRowKeys: selecionadas,
            preserveSelectedRowKeys: true,
            onChange: (k) => setSelecionadas(k as number[]),
          }}
          pagination={{ current: pagina, pageSize: 10, total: q.data?.total ?? 0, onChange: setPagina }}
          columns={[
            { key: 'titularNome', dataIndex: 'titularNome', title: t('campos:titularNome') },
            {
              key: 'competencia',
              title: t('cobrancas:receber.competencia'),
              render: (_: unknown, c: ContaAReceber) =>
                `${String(c.mesCompetencia).padStart(2, '0')}/${c.anoCompetencia}`,
            },
            {
              key: 'dataPagamento',
              dataIndex: 'dataPagamento',
              title: t('campos:dataPagamento'),
              render: (v: string | null) => (v ? dataParaTela(v, i18n.language) : ''),
            },
            {
              key: 'valorPago',
              dataIndex: 'valorPago',
              title: t('campos:valorPago'),
              align: 'right',
              render: (v: string | null) => (v ? dinheiroParaTela(v, i18n.language) : ''),
            },
          ]}
        />
      </Space>
    </Modal>
  );
}

/**
 * `/lista-de-recibos` (spec §2): the scope's receipts by holder, number and date; issue one for
 * paid receivables, download its PDF, reverse it with a justification (spec §4).
 */
export default function ListaDeRecibosPage() {
  const { t, i18n } = useTranslation(['campos', 'cobrancas', 'comum', 'erros', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const qc = useQueryClient();
  const [form] = Form.useForm<Filtros>();
  const [emitindo, setEmitindo] = useState(false);
  const [estornando, setEstornando] = useState<ReciboResumo | null>(null);
  useTitulo(`menu:acessos.${ACESSO_RECIBO}`);
  const lista = useListaNaUrl();
  const { pagina, quantidade, mudar } = lista;
  const filtros = lista.filtrosDe(FILTROS);
  const chave = JSON.stringify(filtros);

  useEffect(() => {
    const f = JSON.parse(chave) as Record<string, string>;
    form.setFieldsValue({
      pessoaId: f.pessoaId ? Number(f.pessoaId) : null,
      numero: f.numero ? Number(f.numero) : null,
      dataDe: f.dataDe ? dayjs(f.dataDe) : null,
      dataAte: f.dataAte ? dayjs(f.dataAte) : null,
      situacao: f.situacao ?? null,
    });
  }, [chave, form]);

  const consulta = { pagina, quantidade, ordenarPor: 'numero', ordem: 'desc', ...filtros };
  const q = useQuery({
    queryKey: ['recibo', 'paginado', consulta],
    queryFn: ({ signal }) => api.get<Paged<ReciboResumo>>('recibo/paginado', consulta, { sinal: signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  usePaginaValida(lista, q.data?.total);

  const buscar = (v: Filtros) => mudar({ pagina: undefined, ...consultaDe(v) });
  const baixar = async (r: ReciboResumo) => {
    try {
      await api.baixar(`recibo/${r.id}/pdf`, undefined, `recibo-${numeroTela(r.numero)}.pdf`);
    } catch (e) {
      void message.error(mensagemDeErro(e));
    }
  };
  const estornar = async (justificativa: string) => {
    await api.post(`recibo/${estornando!.id}/estorno`, { justificativa });
    await qc.invalidateQueries({ queryKey: ['recibo'] });
    await qc.invalidateQueries({ queryKey: ['conta-a-receber'] });
    void message.success(t('cobrancas:recibos.estornado'));
  };
  const regraData: Rule = ({ getFieldsValue }) => ({
    validator: () => validarCaminho(reciboListQuery, consultaDe(getFieldsValue(true) as Filtros), 'dataAte'),
  });
  const formato = { format: formatoData(i18n.language) };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t(`menu:acessos.${ACESSO_RECIBO}`)}
        </Typography.Title>
        {pode(ACESSO_RECIBO, 'C') && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="emitir" onClick={() => setEmitindo(true)}>
            {t('cobrancas:recibos.emitir')}
          </Button>
        )}
      </Space>
      <Card size="small" title={t('comum:filtros')} data-testid="filtros">
        <Form form={form} name="filtros-recibos" layout="inline" style={{ rowGap: 12 }} onFinish={buscar}>
          <Form.Item name="pessoaId" label={t('campos:pessoaId')} style={{ minWidth: 300 }}>
            <SelectReferencia referencia="pessoa" allowClear />
          </Form.Item>
          <Form.Item name="numero" label={t('campos:numero')}>
            <InputNumber min={1} precision={0} />
          </Form.Item>
          <Form.Item name="dataDe" label={t('campos:dataDe')}>
            <DatePicker {...formato} />
          </Form.Item>
          <Form.Item name="dataAte" label={t('campos:dataAte')} dependencies={['dataDe']} rules={[regraData]}>
            <DatePicker {...formato} />
          </Form.Item>
          <Form.Item name="situacao" label={t('campos:situacao')} style={{ minWidth: 180 }}>
            <Select
              allowClear
              options={(['emitidos', 'estornados'] as const).map((s) => ({
                value: s,
                label: t(`cobrancas:recibos.situacao.${s}`),
              }))}
            />
          </Form.Item>
          <BotoesDeBusca limpar={() => buscar({})} />
        </Form>
      </Card>
      <ErroDaLista erro={q.error} form={form} />
      <TabelaDaLista<ReciboResumo>
        consulta={q}
        lista={lista}
        size="small"
        columns={[
          { key: 'numero', dataIndex: 'numero', title: t('campos:numero'), render: numeroTela },
          {
            key: 'data',
            dataIndex: 'data',
            title: t('campos:data'),
            render: (v: string) => dataParaTela(v, i18n.language),
          },
          { key: 'titularNome', dataIndex: 'titularNome', title: t('campos:titularNome') },
          { key: 'quantidadeItens', dataIndex: 'quantidadeItens', title: t('cobrancas:recibos.itens'), align: 'right' },
          {
            key: 'total',
            dataIndex: 'total',
            title: t('campos:total'),
            align: 'right',
            render: (v: string) => dinheiroParaTela(v, i18n.language),
          },
          {
            key: 'situacao',
            title: t('campos:situacao'),
            // Neutral tags: the coloured ones fail the contrast check.
            render: (_: unknown, r: ReciboResumo) => (
              <Tag title={r.justificativaEstorno ?? undefined}>
                {t(`cobrancas:recibos.situacao.${r.estornadoEm ? 'estornados' : 'emitidos'}`)}
              </Tag>
            ),
          },
          {
            key: 'acoes',
            title: t('comum:acoes'),
            render: (_: unknown, r: ReciboResumo) => (
              <Space size={4}>
                <Button
                  size="small"
                  type="text"
                  icon={<FilePdfOutlined />}
                  aria-label={t('cobrancas:recibos.baixarPdf')}
                  title={t('cobrancas:recibos.baixarPdf')}
                  onClick={() => void baixar(r)}
                />
                {pode(ACESSO_RECIBO, 'D') && !r.estornadoEm && (
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<RollbackOutlined />}
                    aria-label={t('cobrancas:recibos.estornar')}
                    title={t('cobrancas:recibos.estornar')}
                    onClick={() => setEstornando(r)}
                  />
                )}
              </Space>
            ),
          },
        ]}
      />
      <EmitirRecibo aberto={emitindo} fechar={() => setEmitindo(false)} />
      <Estorno
        aberto={!!estornando}
        titulo={t('cobrancas:recibos.estornarTitulo', { numero: estornando ? numeroTela(estornando.numero) : '' })}
        aviso={t('cobrancas:recibos.estornarAviso')}
        fechar={() => setEstornando(null)}
        estornar={estornar}
      />
    </Space>
  );
}
