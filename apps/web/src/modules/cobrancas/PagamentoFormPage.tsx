import { CAMPOS_PAGAMENTO, type ContaAReceber, type Pagamento, type Paged, pagamentoInput } from '@sig/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Descriptions, Form, Row, Select, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { controleCampo, propsItem } from '../../platform/crud/controles';
import { dataParaTela, dinheiroParaTela, rotuloCampo } from '../../platform/crud/definicao';
import { useSaidaProtegida } from '../../platform/crud/useSaidaProtegida';
import { aplicarErrosServidor, mensagemDeErro, regrasZod } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO_PAGAMENTO, ROTA_FORM_PAGAMENTO, ROTA_LISTA_CONTA, STATUS_PAGAVEIS } from './comum';
import { Estorno } from './Estorno';

type Valores = Record<string, unknown>;

/** A payment already recorded: what was paid, and its reversal while it stands. */
function PagamentoRegistrado({ pagamento }: { pagamento: Pagamento }) {
  const { t, i18n } = useTranslation(['campos', 'cobrancas', 'comum', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const qc = useQueryClient();
  const [estornando, setEstornando] = useState(false);
  const estornar = async (justificativa: string) => {
    await api.post(`pagamento/${pagamento.id}/estorno`, { justificativa });
    await qc.invalidateQueries({ queryKey: ['pagamento'] });
    await qc.invalidateQueries({ queryKey: ['conta-a-receber'] });
    void message.success(t('cobrancas:pagamento.estornado'));
  };
  const data = (v: string) => dataParaTela(v, i18n.language);
  return (
    <Card>
      {pagamento.estornadoEm && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('cobrancas:pagamento.estornadoEm', {
            data: data(pagamento.estornadoEm.slice(0, 10)),
            justificativa: pagamento.justificativaEstorno,
          })}
        />
      )}
      <Descriptions column={{ xs: 1, md: 2 }} data-testid="pagamento">
        <Descriptions.Item label={t('campos:titular')}>{pagamento.titularNome}</Descriptions.Item>
        <Descriptions.Item label={t('campos:valor')}>
          {dinheiroParaTela(pagamento.valor, i18n.language)}
        </Descriptions.Item>
        <Descriptions.Item label={t('campos:forma')}>
          {t(`campos:opcao.formaPagamento.${pagamento.forma}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('campos:dataPagamento')}>{data(pagamento.dataPagamento)}</Descriptions.Item>
        <Descriptions.Item label={t('campos:dataCredito')}>{data(pagamento.dataCredito)}</Descriptions.Item>
        {pagamento.observacao && (
          <Descriptions.Item label={t('campos:observacao')}>{pagamento.observacao}</Descriptions.Item>
        )}
      </Descriptions>
      {pagamento.recebidoNoProvedor && (
        <Typography.Paragraph>{t('cobrancas:pagamento.recebidoNoProvedor')}</Typography.Paragraph>
      )}
      {!pagamento.estornadoEm && pode(ACESSO_PAGAMENTO, 'D') && (
        <Button danger onClick={() => setEstornando(true)}>
          {t('cobrancas:pagamento.estornar')}
        </Button>
      )}
      <Estorno
        aberto={estornando}
        titulo={t('cobrancas:pagamento.estornar')}
        aviso={t('cobrancas:pagamento.estornarAviso')}
        fechar={() => setEstornando(false)}
        estornar={estornar}
      />
    </Card>
  );
}

/**
 * `/pagamento/form/:id?/:visualizacao?` (spec §2): without an id, records by hand the payment of
 * a receivable (chosen here, or passed as `?conta=`); with an id, shows that payment and offers
 * its reversal.
 */
export default function PagamentoFormPage() {
  const { t, i18n } = useTranslation(['campos', 'cobrancas', 'comum', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const params = useParams();
  const [busca] = useSearchParams();
  const [form] = Form.useForm<Valores>();
  const [sujo, setSujo] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const liberar = useSaidaProtegida(sujo);
  useTitulo(`menu:acessos.${ACESSO_PAGAMENTO}`);
  const id = params.id && /^[1-9]\d*$/.test(params.id) ? Number(params.id) : undefined;
  const regras = regrasZod(pagamentoInput);

  const registrado = useQuery({
    queryKey: ['pagamento', id],
    queryFn: ({ signal }) => api.get<Pagamento>(`pagamento/${id}`, undefined, { sinal: signal }),
    enabled: id !== undefined,
  });
  // The nearest due ones to choose from; the one the receivables list sent comes by id.
  const consulta = { status: STATUS_PAGAVEIS.join(','), quantidade: 100, ordenarPor: 'vencimento' };
  const daUrl = Number(busca.get('conta')) || undefined;
  const contas = useQuery({
    queryKey: ['conta-a-receber', 'paginado', consulta],
    queryFn: ({ signal }) => api.get<Paged<ContaAReceber>>('conta-a-receber/paginado', consulta, { sinal: signal }),
    enabled: id === undefined,
  });
  const enviada = useQuery({
    queryKey: ['conta-a-receber', 'item', daUrl],
    queryFn: ({ signal }) => api.get<ContaAReceber>(`conta-a-receber/${daUrl}`, undefined, { sinal: signal }),
    enabled: id === undefined && daUrl !== undefined,
  });
  const opcoes = [
    ...(enviada.data && STATUS_PAGAVEIS.includes(enviada.data.status) ? [enviada.data] : []),
    ...(contas.data?.itens ?? []).filter((c) => c.id !== daUrl),
  ];
  const contaId = Form.useWatch('contaAReceberId', form);
  const escolhida = opcoes.find((c) => c.id === contaId);
  useEffect(() => {
    if (daUrl && !form.getFieldValue('contaAReceberId')) form.setFieldValue('contaAReceberId', daUrl);
  }, [daUrl, form]);
  useEffect(() => {
    if (escolhida) form.setFieldValue('valor', escolhida.valorPrevisto);
  }, [escolhida, form]);

  const salvar = async (v: Valores) => {
    if (enviando) return;
    setEnviando(true);
    try {
      const p = await api.post<Pagamento>('pagamento', v);
      await qc.invalidateQueries({ queryKey: ['conta-a-receber'] });
      void message.success(t('cobrancas:pagamento.registrado'));
      liberar();
      navegar(`${ROTA_FORM_PAGAMENTO}/${p.id}/visualizacao`, { replace: true });
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    } finally {
      setEnviando(false);
    }
  };

  if (id === undefined && !pode(ACESSO_PAGAMENTO, 'C')) return <Navigate to={ROTA_LISTA_CONTA} replace />;
  const hoje = dayjs().format('YYYY-MM-DD');
  const rotulo = (c: ContaAReceber) =>
    `${c.titularNome} · ${String(c.mesCompetencia).padStart(2, '0')}/${c.anoCompetencia} · ${dinheiroParaTela(c.valorPrevisto, i18n.language)}`;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t(id === undefined ? 'cobrancas:pagamento.registrar' : `menu:acessos.${ACESSO_PAGAMENTO}`)}
      </Typography.Title>
      {id !== undefined ? (
        registrado.isError ? (
          <Alert type="error" showIcon title={mensagemDeErro(registrado.error)} />
        ) : (
          <Spin spinning={registrado.isPending}>
            {registrado.data && <PagamentoRegistrado pagamento={registrado.data} />}
          </Spin>
        )
      ) : (
        <Card>
          <Form<Valores>
            form={form}
            name="pagamento"
            layout="vertical"
            initialValues={{ forma: 'DINHEIRO', dataPagamento: hoje, dataCredito: hoje }}
            onValuesChange={() => setSujo(true)}
            onFinish={salvar}
            data-testid="form-pagamento"
            scrollToFirstError
          >
            <Form.Item
              name="contaAReceberId"
              label={t('cobrancas:pagamento.conta')}
              extra={t('cobrancas:pagamento.contaDica')}
              required
              rules={regras('contaAReceberId')}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={contas.isFetching}
                options={opcoes.map((c) => ({ value: c.id, label: rotulo(c) }))}
              />
            </Form.Item>
            <Row gutter={16}>
              {CAMPOS_PAGAMENTO.map((c) => (
                <Col key={c.nome} xs={24} md={c.tipo === 'textoLongo' ? 24 : 12}>
                  <Form.Item
                    name={c.nome}
                    label={t(rotuloCampo(c))}
                    required={!!c.obrigatorio}
                    rules={regras(c.nome)}
                    dependencies={c.nome === 'dataCredito' ? ['dataPagamento'] : undefined}
                    {...propsItem(c)}
                  >
                    {controleCampo(c, i18n.language)}
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </Form>
          <Space wrap>
            <Button type="primary" loading={enviando} onClick={() => form.submit()}>
              {t('cobrancas:pagamento.registrar')}
            </Button>
            <Button onClick={() => navegar(ROTA_LISTA_CONTA)}>{t('comum:voltar')}</Button>
          </Space>
        </Card>
      )}
    </Space>
  );
}
