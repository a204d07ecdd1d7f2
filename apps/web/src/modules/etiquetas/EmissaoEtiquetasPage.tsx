import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { chaves, cliente, recurso } from '../../platform/cliente';
import { SelectReferencia } from '../../platform/crud/controles';
import { BotoesDeEmissao, PaginaDeEmissao } from '../../platform/crud/PaginaDeEmissao';
import { useTitulo } from '../../platform/useTitulo';
import { EstadoDocumento, useGerarDocumento } from '../pessoas/EstadoDocumento';
import { CartaoPessoas, consultaFiltrosPessoa, filtrosParaFormulario } from '../pessoas/FiltrosPessoa';

const ACESSO = 'Etiquetas';
/** The API's bound; the chosen layout's sheet narrows it when it can be read. */
const POSICAO_MAXIMA = 500;

const iniciais = { ...filtrosParaFormulario({}), posicaoInicial: 1, somenteComEndereco: true };

/**
 * `/emissao-etiquetas` (spec §2): address labels of the people chosen with the people list's
 * filters (or one by one with the people selector), on a sheet layout from the label settings, starting at any position of the first
 * sheet so a half-used one can be reused; downloaded as a PDF.
 */
export default function EmissaoEtiquetasPage() {
  const { t } = useTranslation(['campos', 'comum', 'etiquetas', 'menu', 'validacao']);
  const [form] = Form.useForm<Record<string, unknown>>();
  useTitulo(`menu:acessos.${ACESSO}`);
  const { estado, gerando, gerar } = useGerarDocumento(form, 'x-total-etiquetas');

  const configuracaoId = Form.useWatch('configuracaoId', form) as number | null | undefined;
  // Only a hint: a profile that may print but not read the settings still gets the API's bound.
  const layout = useQuery({
    queryKey: chaves('configuracao-etiquetas').item(configuracaoId ?? undefined),
    queryFn: ({ signal }) =>
      recurso.item('configuracao-etiquetas', configuracaoId as number, signal, true) as Promise<{
        linhas: number;
        colunas: number;
        quantidade: number;
      }>,
    enabled: typeof configuracaoId === 'number',
    staleTime: 60_000,
    retry: false,
  });
  const folha = typeof configuracaoId === 'number' ? layout.data : undefined;
  const maxima = folha?.quantidade ?? POSICAO_MAXIMA;

  const emitir = (v: Record<string, unknown>) => {
    // The API reads lists as `1,2` (the people filters keep them so).
    const query = {
      ...consultaFiltrosPessoa(v),
      configuracaoId: v.configuracaoId as number,
      posicaoInicial: v.posicaoInicial as number,
      somenteComEndereco: v.somenteComEndereco === true ? 'true' : 'false',
      pessoasIds: (v.pessoasIds as number[] | undefined)?.join(',') || undefined,
    } as never;
    gerar(() => cliente.GET('/api/emissao-etiquetas/pdf', { params: { query }, parseAs: 'stream' }), 'etiquetas.pdf');
  };

  const posicao = t('campos:posicaoInicial');
  return (
    <PaginaDeEmissao
      titulo={t(`menu:acessos.${ACESSO}`)}
      form={form}
      nome="etiquetas"
      iniciais={iniciais}
      aoEnviar={emitir}
      depois={
        <EstadoDocumento
          estado={estado}
          textos={{
            gerando: t('etiquetas:gerando'),
            pronto: (count, n) => t('etiquetas:emitidas', { count, n }),
            vazio: t('etiquetas:nenhuma'),
          }}
        />
      }
    >
      <CartaoPessoas rotulo={t('campos:pessoasIds')} dica={t('etiquetas:pessoasDica')} />
      <Card size="small" title={t('etiquetas:folha')}>
        <Row gutter={16}>
          <Col xs={24} md={12} xl={8}>
            <Form.Item
              name="configuracaoId"
              label={t('campos:configuracaoId')}
              rules={[
                {
                  required: true,
                  message: t('validacao:obrigatorio', { campo: t('campos:configuracaoId') }),
                },
              ]}
            >
              <SelectReferencia referencia="configuracao-etiquetas" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item
              name="posicaoInicial"
              label={posicao}
              extra={
                folha
                  ? t('etiquetas:posicaoNaFolha', {
                      n: folha.quantidade,
                      linhas: folha.linhas,
                      colunas: folha.colunas,
                    })
                  : t('etiquetas:posicaoDica')
              }
              dependencies={['configuracaoId']}
              rules={[
                { required: true, message: t('validacao:obrigatorio', { campo: posicao }) },
                { type: 'number', min: 1, message: t('validacao:valorMinimo', { campo: posicao, n: 1 }) },
                { type: 'number', max: maxima, message: t('validacao:valorMaximo', { campo: posicao, n: maxima }) },
              ]}
            >
              <InputNumber min={1} max={maxima} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item
              name="somenteComEndereco"
              label={t('etiquetas:somenteComEndereco')}
              valuePropName="checked"
              extra={t('etiquetas:somenteComEnderecoDica')}
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <BotoesDeEmissao limparDesabilitado={gerando}>
          <Button type="primary" htmlType="submit" icon={<PrinterOutlined />} loading={gerando}>
            {t('etiquetas:emitir')}
          </Button>
        </BotoesDeEmissao>
      </Card>
    </PaginaDeEmissao>
  );
}
