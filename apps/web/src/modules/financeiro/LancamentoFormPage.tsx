import { CAMPOS_LANCAMENTO, type Lancamento, lancamentoInput } from '@sig/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Row, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { controleCampo, propsItem } from '../../platform/crud/controles';
import { rotuloCampo } from '../../platform/crud/definicao';
import { useSaidaProtegida } from '../../platform/crud/useSaidaProtegida';
import { aplicarErrosServidor, mensagemDeErro, regrasZod } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO_LANCAMENTO, ROTA_LISTA_LANCAMENTO } from './comum';

type Valores = Record<string, unknown>;

/**
 * `/lancamento-caixa/form/:id?/:visualizacao?` (spec §2): one cash ledger entry — money in, money
 * out, or a transfer to another cash account (two entries). The server places it in the open
 * period of its date and refuses a closed or missing one, on the date field.
 */
export default function LancamentoFormPage() {
  const { t, i18n } = useTranslation(['campos', 'comum', 'crud', 'financeiro', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const params = useParams();
  const [form] = Form.useForm<Valores>();
  const [sujo, setSujo] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const liberar = useSaidaProtegida(sujo);
  useTitulo(`menu:acessos.${ACESSO_LANCAMENTO}`);
  const id = params.id && /^[1-9]\d*$/.test(params.id) ? Number(params.id) : undefined;
  const somenteLeitura = params.visualizacao !== undefined || (id !== undefined && !pode(ACESSO_LANCAMENTO, 'U'));
  const regras = regrasZod(lancamentoInput);
  const tipo = Form.useWatch('tipo', form) as string | undefined;

  const q = useQuery({
    queryKey: ['lancamento-caixa', 'item', id],
    queryFn: ({ signal }) => api.get<Lancamento>(`lancamento-caixa/${id}`, undefined, { sinal: signal }),
    enabled: id !== undefined,
  });
  useEffect(() => {
    if (!q.data) return;
    const l = q.data;
    form.setFieldsValue({
      ...Object.fromEntries(CAMPOS_LANCAMENTO.map((c) => [c.nome, (l as Record<string, unknown>)[c.nome] ?? null])),
      valor: String(Math.abs(Number(l.valor)).toFixed(2)),
      tipo: l.tipo,
    });
    setSujo(false);
  }, [q.data, form]);

  const sair = () => {
    liberar();
    navegar(ROTA_LISTA_LANCAMENTO);
  };
  const salvar = async (v: Valores) => {
    if (enviando) return;
    setEnviando(true);
    try {
      if (id === undefined) await api.post('lancamento-caixa', v);
      else await api.putId('lancamento-caixa', id, v);
      await qc.invalidateQueries({ queryKey: ['lancamento-caixa'] });
      await qc.invalidateQueries({ queryKey: ['periodo-contabil'] });
      void message.success(t('comum:salvoComSucesso'));
      sair();
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    } finally {
      setEnviando(false);
    }
  };

  if (id === undefined && !pode(ACESSO_LANCAMENTO, 'C')) return <Navigate to={ROTA_LISTA_LANCAMENTO} replace />;
  const campos = CAMPOS_LANCAMENTO.filter((c) => c.nome !== 'contaCaixaDestinoId' || tipo === 'TRANSFERENCIA');
  const modo = id === undefined ? 'novo' : somenteLeitura ? 'visualizar' : 'editar';
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t(`crud:titulo.${modo}`, { tela: t(`menu:acessos.${ACESSO_LANCAMENTO}`) })}
      </Typography.Title>
      {q.isError ? (
        <Alert type="error" showIcon title={mensagemDeErro(q.error)} />
      ) : (
        <Spin spinning={id !== undefined && q.isPending}>
          <Card>
            {q.data?.estornadoEm && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                title={t('financeiro:estornadoCom', { justificativa: q.data.justificativaEstorno ?? '' })}
              />
            )}
            <Form<Valores>
              form={form}
              name="lancamento"
              layout="vertical"
              disabled={somenteLeitura}
              initialValues={{ tipo: 'ENTRADA' }}
              onValuesChange={() => setSujo(true)}
              onFinish={salvar}
              data-testid="form-lancamento"
              scrollToFirstError
            >
              <Row gutter={16}>
                {campos.map((c) => (
                  <Col key={c.nome} xs={24} md={12}>
                    <Form.Item
                      name={c.nome}
                      label={t(rotuloCampo(c))}
                      required={!!c.obrigatorio || c.nome === 'contaCaixaDestinoId'}
                      rules={regras(c.nome)}
                      {...propsItem(c)}
                    >
                      {controleCampo(c, i18n.language)}
                    </Form.Item>
                  </Col>
                ))}
              </Row>
            </Form>
            <Space wrap>
              {!somenteLeitura && (
                <Button type="primary" loading={enviando} onClick={() => form.submit()}>
                  {t('comum:salvar')}
                </Button>
              )}
              <Button onClick={() => navegar(ROTA_LISTA_LANCAMENTO)}>{t('comum:voltar')}</Button>
            </Space>
          </Card>
        </Spin>
      )}
    </Space>
  );
}
