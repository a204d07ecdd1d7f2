import { PrinterOutlined } from '@ant-design/icons';
import { hojeNoBrasil, periodoCarne, TIPOS_PERIODO_CARNE } from '@sig/contracts';
import { Button, Card, Col, Form, Row, Select, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { controleCampo, propsItem } from '../../platform/crud/controles';
import { regrasZod } from '../../platform/formulario';
import { regrasSeletorPessoas, SeletorPessoas, useMaximoSelecao } from '../../platform/SeletorPessoas';
import { useTitulo } from '../../platform/useTitulo';
import { EstadoDocumento, useGerarDocumento } from '../pessoas/EstadoDocumento';
import { consultaFiltrosPessoa, FiltrosPessoa, filtrosParaFormulario } from '../pessoas/FiltrosPessoa';

const ACESSO = 'Carnes';
const INICIO = { nome: 'inicio', tipo: 'data' } as const;
const FIM = { nome: 'fim', tipo: 'data' } as const;
const ROTULO_TIPO = { vencimento: 'carnes.porVencimento', competencia: 'carnes.porCompetencia' } as const;

const iniciais = () => {
  const hoje = hojeNoBrasil();
  return {
    ...filtrosParaFormulario({}),
    tipoPeriodo: 'vencimento',
    inicio: `${hoje.slice(0, 4)}-01-01`,
    fim: `${hoje.slice(0, 4)}-12-31`,
  };
};

/**
 * `/emissao-carnes` (spec §2): payment booklets of the people chosen with the people list's
 * filters (or one by one), for a due-date or competence period: one slip per open charge, with
 * its typed line, barcode and Pix code, downloaded as a PDF.
 */
export default function EmissaoCarnesPage() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  useTitulo(`menu:acessos.${ACESSO}`);
  const { estado, gerando, gerar } = useGerarDocumento(form, 'x-total-linhas');
  const maximoSelecao = useMaximoSelecao();
  const regras = useMemo(() => regrasZod(periodoCarne, t), [t]);
  const valoresIniciais = useMemo(iniciais, []);

  const emitir = (v: Record<string, unknown>) =>
    gerar(
      'emissao-carnes',
      {
        ...consultaFiltrosPessoa(v),
        tipoPeriodo: v.tipoPeriodo as string,
        inicio: v.inicio as string,
        fim: v.fim as string,
        pessoasIds: (v.pessoasIds as number[] | undefined)?.join(',') || undefined,
      },
      'carnes.pdf',
    );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t(`menu:acessos.${ACESSO}`)}
      </Typography.Title>
      <Form
        form={form}
        name="carnes"
        layout="vertical"
        initialValues={valoresIniciais}
        onFinish={(v) => void emitir(v)}
      >
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Card size="small" title={t('comum.filtros')} data-testid="filtros">
            <FiltrosPessoa />
            <Form.Item
              name="pessoasIds"
              label={t('campos:pessoasIds')}
              extra={t('carnes.pessoasDica')}
              rules={regrasSeletorPessoas(t, t('campos:pessoasIds'), {}, maximoSelecao)}
            >
              <SeletorPessoas />
            </Form.Item>
          </Card>
          <Card size="small" title={t('carnes.periodo')}>
            <Typography.Paragraph type="secondary">{t('carnes.periodoDica')}</Typography.Paragraph>
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item name="tipoPeriodo" label={t('carnes.tipoPeriodo')} rules={regras('tipoPeriodo')}>
                  <Select options={TIPOS_PERIODO_CARNE.map((v) => ({ value: v, label: t(ROTULO_TIPO[v]) }))} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="inicio" label={t('carnes.inicio')} rules={regras('inicio')} {...propsItem(INICIO)}>
                  {controleCampo(INICIO, i18n.language, t)}
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="fim"
                  label={t('carnes.fim')}
                  dependencies={['inicio']}
                  rules={regras('fim')}
                  {...propsItem(FIM)}
                >
                  {controleCampo(FIM, i18n.language, t)}
                </Form.Item>
              </Col>
            </Row>
            <Space wrap>
              <Button type="primary" htmlType="submit" icon={<PrinterOutlined />} loading={gerando}>
                {t('carnes.gerar')}
              </Button>
              <Button disabled={gerando} onClick={() => form.resetFields()}>
                {t('comum.limpar')}
              </Button>
            </Space>
          </Card>
        </Space>
      </Form>
      <EstadoDocumento
        estado={estado}
        textos={{
          gerando: t('carnes.gerando'),
          pronto: (count, n) => t('carnes.gerados', { count, n }),
          vazio: t('carnes.nenhum'),
        }}
      />
    </Space>
  );
}
