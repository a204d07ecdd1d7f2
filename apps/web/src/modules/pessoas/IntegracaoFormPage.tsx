import {
  FORMAS_DESLIGAMENTO,
  FORMAS_INTEGRACAO,
  type Integracao,
  integracaoInput,
  TIPOS_INTEGRACAO,
} from '@sig/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, Input, Radio, Select, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { SelectReferencia } from '../../platform/crud/controles';
import { formatoData } from '../../platform/crud/definicao';
import { useSaidaProtegida } from '../../platform/crud/useSaidaProtegida';
import { aplicarErrosServidor, mensagemDeErro, regrasZod } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { caminhoFormPessoa } from './comum';

export const ACESSO_INTEGRACAO = 'PessoaIntegracaoDesligamento';
export const ROTA_FORM_INTEGRACAO = '/pessoa-integracao-desligamento/form';

type Valores = {
  pessoaId?: number | null;
  tipo: (typeof TIPOS_INTEGRACAO)[number];
  data?: string | null;
  forma?: string | null;
  outraOrganizacao?: string | null;
  motivo?: string | null;
  observacao?: string | null;
};

/**
 * `/pessoa-integracao-desligamento/form/:id?` (spec §2): records that a person joined or left
 * the organization. `?pessoaId=` fills the person of a new record; saving goes back to the
 * person's form, whose status the latest record decides.
 */
export default function IntegracaoFormPage() {
  const { t, i18n } = useTranslation(['campos', 'comum', 'menu']);
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
  useTitulo(`menu:acessos.${ACESSO_INTEGRACAO}`);

  const id = params.id && /^[1-9]\d*$/.test(params.id) ? Number(params.id) : undefined;
  const pessoaDaBusca = Number(busca.get('pessoaId')) || undefined;
  const somenteLeitura = id !== undefined ? !pode(ACESSO_INTEGRACAO, 'U') : !pode(ACESSO_INTEGRACAO, 'C');
  const regras = regrasZod(integracaoInput);
  const tipo = Form.useWatch('tipo', form) ?? 'INTEGRACAO';
  const formas = tipo === 'INTEGRACAO' ? FORMAS_INTEGRACAO : FORMAS_DESLIGAMENTO;

  const q = useQuery({
    queryKey: ['integracao', id],
    queryFn: ({ signal }) => api.get<Integracao>(`pessoa-integracao-desligamento/${id}`, undefined, { sinal: signal }),
    enabled: id !== undefined,
  });
  useEffect(() => {
    if (q.data) {
      const { pessoaId, tipo: t0, data, forma, outraOrganizacao, motivo, observacao } = q.data;
      form.setFieldsValue({ pessoaId, tipo: t0, data, forma, outraOrganizacao, motivo, observacao });
      setSujo(false);
    }
  }, [q.data, form]);

  const pessoaId = Form.useWatch('pessoaId', form) ?? q.data?.pessoaId ?? pessoaDaBusca;
  const voltar = () => {
    liberar();
    navegar(pessoaId ? caminhoFormPessoa(pessoaId) : '/pessoa');
  };

  const salvar = async (v: Valores) => {
    if (enviando) return;
    const r = integracaoInput.safeParse(v);
    setEnviando(true);
    try {
      const corpo = r.success ? r.data : v;
      if (id === undefined) await api.post('pessoa-integracao-desligamento', corpo);
      else await api.putId('pessoa-integracao-desligamento', id, corpo);
      await qc.invalidateQueries({ queryKey: ['integracao'] });
      await qc.invalidateQueries({ queryKey: ['pessoa'] });
      void message.success(t('comum:salvoComSucesso'));
      voltar();
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    } finally {
      setEnviando(false);
    }
  };

  if (id === undefined && !pode(ACESSO_INTEGRACAO, 'C')) return <Navigate to="/pessoa" replace />;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t(`menu:acessos.${ACESSO_INTEGRACAO}`)}
      </Typography.Title>
      {q.isError ? (
        <Alert type="error" showIcon title={mensagemDeErro(q.error)} />
      ) : (
        <Spin spinning={id !== undefined && q.isPending}>
          <Card>
            <Form<Valores>
              form={form}
              name="integracao"
              layout="vertical"
              disabled={somenteLeitura}
              initialValues={{ tipo: 'INTEGRACAO', pessoaId: pessoaDaBusca ?? null }}
              onValuesChange={(mudou) => {
                setSujo(true);
                // A form of the other kind is not valid for the new kind.
                if ('tipo' in mudou) form.setFieldValue('forma', null);
              }}
              onFinish={salvar}
              data-testid="form-integracao"
            >
              <Form.Item name="pessoaId" label={t('campos:pessoaId')} required rules={regras('pessoaId')}>
                <SelectReferencia referencia="pessoa" disabled={id !== undefined || somenteLeitura} />
              </Form.Item>
              <Form.Item name="tipo" label={t('campos:tipo')} required>
                <Radio.Group
                  optionType="button"
                  options={TIPOS_INTEGRACAO.map((v) => ({ value: v, label: t(`campos:opcao.tipo.${v}`) }))}
                />
              </Form.Item>
              <Form.Item
                name="data"
                label={t('campos:data')}
                required
                rules={regras('data')}
                getValueProps={(v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : null })}
                normalize={(d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null)}
              >
                <DatePicker format={formatoData(i18n.language)} />
              </Form.Item>
              <Form.Item name="forma" label={t('campos:forma')} required rules={regras('forma')}>
                <Select options={formas.map((v) => ({ value: v, label: t(`campos:opcao.forma.${v}`) }))} />
              </Form.Item>
              <Form.Item
                name="outraOrganizacao"
                label={t('campos:outraOrganizacao')}
                rules={regras('outraOrganizacao')}
              >
                <Input maxLength={200} />
              </Form.Item>
              <Form.Item
                name="motivo"
                label={t('campos:motivo')}
                required={tipo === 'DESLIGAMENTO'}
                rules={regras('motivo')}
              >
                <Input maxLength={500} />
              </Form.Item>
              <Form.Item name="observacao" label={t('campos:observacao')} rules={regras('observacao')}>
                <Input.TextArea rows={3} maxLength={2000} showCount />
              </Form.Item>
            </Form>
            <Space wrap>
              {!somenteLeitura && (
                <Button type="primary" loading={enviando} onClick={() => form.submit()}>
                  {t('comum:salvar')}
                </Button>
              )}
              <Button onClick={voltar}>{t('comum:voltar')}</Button>
            </Space>
          </Card>
        </Spin>
      )}
    </Space>
  );
}
