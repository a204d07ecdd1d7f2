import { FileTextOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Col, Form, Radio, Row, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { chaves, cliente, dados } from '../../platform/cliente';
import { rotuloCampo } from '../../platform/crud/definicao';
import { BotoesDeEmissao, PaginaDeEmissao } from '../../platform/crud/PaginaDeEmissao';
import { mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { EstadoDocumento, useGerarDocumento } from '../pessoas/EstadoDocumento';
import { consultaFiltrosPessoa, FiltrosPessoa, filtrosParaFormulario } from '../pessoas/FiltrosPessoa';

const ACESSO = 'RelatorioPessoas';
const FORMATOS = ['pdf', 'xlsx'] as const;
/** Chosen when the page opens, where the profile may see them: who, where they belong, how to reach them. */
const PADRAO = ['nome', 'sobrenome', 'organizacaoNome', 'contatoPrincipal'];

const iniciais = { ...filtrosParaFormulario({}), formato: 'pdf' };

/** The column checkboxes with "select all" above them (checked, unchecked or partly). */
function EscolhaColunas({
  opcoes,
  value = [],
  onChange,
}: {
  opcoes: string[];
  value?: string[];
  onChange?: (v: string[]) => void;
}) {
  const { t } = useTranslation(['campos', 'comum', 'menu', 'relatorios']);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Checkbox
        checked={value.length === opcoes.length}
        indeterminate={value.length > 0 && value.length < opcoes.length}
        onChange={(e) => onChange?.(e.target.checked ? opcoes : [])}
      >
        {t('relatorios:todasColunas')}
      </Checkbox>
      <Checkbox.Group
        style={{ width: '100%' }}
        // The report's columns follow the order listed, whatever order they were ticked in.
        value={value}
        onChange={(v) => onChange?.(opcoes.filter((c) => v.includes(c)))}
      >
        <Row gutter={[16, 4]}>
          {opcoes.map((c) => (
            <Col key={c} xs={24} sm={12} lg={8} xl={6}>
              <Checkbox value={c}>{t(rotuloCampo({ nome: c }))}</Checkbox>
            </Col>
          ))}
        </Row>
      </Checkbox.Group>
    </Space>
  );
}

/**
 * `/relatorios` (spec §2): the people report — the columns the profile may see, chosen and in
 * the order listed, for the people picked with the people list's filters, as PDF or XLSX.
 */
export default function RelatorioPessoasPage() {
  const { t } = useTranslation(['campos', 'comum', 'menu', 'relatorios']);
  const [form] = Form.useForm<Record<string, unknown>>();
  useTitulo(`menu:acessos.${ACESSO}`);
  const { estado, gerando, gerar } = useGerarDocumento(form, 'x-total-linhas');

  const colunas = useQuery({
    queryKey: [...chaves('relatorios').todas, 'colunas'],
    queryFn: ({ signal }) => dados(cliente.GET('/api/relatorios/colunas', { signal })),
    staleTime: 5 * 60_000,
  });
  const opcoes = colunas.data ?? [];

  const baixar = (v: Record<string, unknown>) => {
    const formato = v.formato as string;
    // The API reads lists as `a,b` (the people filters keep them so).
    const query = { ...consultaFiltrosPessoa(v), colunas: (v.colunas as string[]).join(','), formato } as never;
    gerar(
      () => cliente.GET('/api/relatorios/pessoas', { params: { query }, parseAs: 'stream' }),
      `relatorio-pessoas.${formato}`,
    );
  };

  return (
    <PaginaDeEmissao
      titulo={t(`menu:acessos.${ACESSO}`)}
      aviso={colunas.isError && <Alert type="error" showIcon title={mensagemDeErro(colunas.error)} />}
      form={form}
      nome="relatorio"
      iniciais={iniciais}
      aoEnviar={baixar}
      depois={
        <EstadoDocumento
          estado={estado}
          textos={{
            gerando: t('relatorios:gerando'),
            pronto: (count, n) => t('relatorios:gerado', { count, n }),
            truncado: (n) => t('relatorios:truncado', { n }),
            vazio: t('relatorios:nenhuma'),
          }}
        />
      }
    >
      <Card size="small" title={t('campos:colunas')} data-testid="colunas">
        <Spin spinning={colunas.isPending}>
          {colunas.data && (
            <Form.Item
              name="colunas"
              initialValue={PADRAO.filter((c) => opcoes.includes(c))}
              rules={[{ type: 'array', required: true, min: 1, message: t('relatorios:colunaObrigatoria') }]}
              style={{ marginBottom: 0 }}
            >
              <EscolhaColunas opcoes={opcoes} />
            </Form.Item>
          )}
        </Spin>
      </Card>
      <Card size="small" title={t('comum:filtros')} data-testid="filtros">
        <FiltrosPessoa />
      </Card>
      <Card size="small">
        <Form.Item name="formato" label={t('campos:formato')}>
          <Radio.Group
            optionType="button"
            options={FORMATOS.map((f) => ({ value: f, label: t(`relatorios:formato.${f}`) }))}
          />
        </Form.Item>
        <BotoesDeEmissao limparDesabilitado={gerando}>
          <Button
            type="primary"
            htmlType="submit"
            icon={<FileTextOutlined />}
            loading={gerando}
            disabled={!colunas.data}
          >
            {t('relatorios:gerar')}
          </Button>
        </BotoesDeEmissao>
      </Card>
    </PaginaDeEmissao>
  );
}
