import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ACESSO_EVENTO_COM_INSCRICAO,
  type EventoComInscricao,
  eventoComInscricaoInput,
  FORMAS_PAGAMENTO_EVENTO,
  SECOES_FORMULARIO,
  TIPOS_EVENTO,
  TIPOS_PERGUNTA,
  VISIBILIDADES_EVENTO,
} from '@sig/contracts';
import {
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Form,
  type FormListFieldData,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { EntradaData, SelectReferencia } from '../../platform/crud/controles';
import { formatoData } from '../../platform/crud/definicao';
import { idiomaDoDinheiro } from '../../platform/crud/dinheiro';
import { EntradaDinheiro } from '../../platform/crud/EntradaDinheiro';
import { PaginaDeFormulario } from '../../platform/crud/PaginaDeFormulario';
import { regrasZod } from '../../platform/formulario';
import { useFormRecurso } from '../../platform/useFormRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ROTA_EVENTOS_COM_INSCRICAO } from './comum';

const regras = regrasZod(eventoComInscricaoInput);
type Valores = Record<string, unknown>;
const MOMENTOS = ['inicio', 'fim', 'prazoInscricao'] as const;

// The pickers hold moments; the API takes them as ISO instants (with their offset).
const paraTela = (e: EventoComInscricao): Valores => ({
  ...e,
  inicio: dayjs(e.inicio),
  fim: dayjs(e.fim),
  prazoInscricao: e.prazoInscricao ? dayjs(e.prazoInscricao) : undefined,
});
const paraApi = (v: Valores): Valores => ({
  ...v,
  ...Object.fromEntries(MOMENTOS.map((m) => [m, (v[m] as Dayjs | undefined)?.toISOString()])),
  oficinas: v.oficinas ?? [],
});

const largura = { xs: 24, md: 12, lg: 6 };

type PropsFormas = { value?: string[]; onChange?: (v: string[]) => void; 'aria-required'?: unknown };

/** The accepted payment methods: a group of checkboxes, which takes no `aria-required` (axe). */
function FormasPagamento({ 'aria-required': _obrigatorio, ...props }: PropsFormas) {
  const { t } = useTranslation(['eventos']);
  return (
    <Checkbox.Group
      {...props}
      options={FORMAS_PAGAMENTO_EVENTO.map((f) => ({ value: f, label: t(`eventos:formas.${f}`) }))}
    />
  );
}

/**
 * A card of sub-records each in a card of its own (the price lots, the workshops): its hidden id,
 * its fields (`children`, the columns of a row), its Remove; Add below them.
 */
function CartoesDaLista({
  nome,
  titulo,
  tituloItem,
  adicionar,
  testIdAdicionar,
  novo,
  remover,
  somenteLeitura,
  vazio,
  children,
}: {
  nome: string;
  titulo: string;
  tituloItem: (n: number) => string;
  adicionar: string;
  testIdAdicionar: string;
  /** A new item's values, given how many there are. */
  novo: (quantos: number) => Valores;
  remover: (indice: number, aoClicar: () => void) => ReactNode;
  somenteLeitura: boolean;
  /** What an empty list says (none: nothing). */
  vazio?: string;
  children: (item: FormListFieldData, indice: number) => ReactNode;
}) {
  return (
    <Card size="small" title={titulo} style={{ marginTop: 16 }}>
      <Form.List name={nome}>
        {(itens, { add, remove }) => (
          <Space orientation="vertical" style={{ width: '100%' }} data-testid={nome}>
            {vazio && itens.length === 0 && <Typography.Text type="secondary">{vazio}</Typography.Text>}
            {itens.map((item, i) => (
              <Card
                key={item.key}
                size="small"
                type="inner"
                title={tituloItem(i + 1)}
                extra={remover(i, () => remove(item.name))}
              >
                <Form.Item name={[item.name, 'id']} hidden>
                  <input type="hidden" />
                </Form.Item>
                <Row gutter={16}>{children(item, i)}</Row>
              </Card>
            ))}
            {!somenteLeitura && (
              <Button icon={<PlusOutlined />} data-testid={testIdAdicionar} onClick={() => add(novo(itens.length))}>
                {adicionar}
              </Button>
            )}
          </Space>
        )}
      </Form.List>
    </Card>
  );
}

/**
 * `/evento-com-inscricao/form/:id?/:visualizacao?` (spec §2, issue 19): an event with
 * registrations — the calendar data, its price lots, its workshops, which sections and questions
 * the registration form asks, the payment methods, due days and deadline; saved as one record.
 */
export default function EventoComInscricaoFormPage() {
  const { t, i18n } = useTranslation(['campos', 'crud', 'eventos', 'menu', 'validacao']);
  const { autorizacao } = useAutorizacao();
  useTitulo(`menu:acessos.${ACESSO_EVENTO_COM_INSCRICAO}`);
  const f = useFormRecurso<EventoComInscricao>({
    recurso: 'evento-com-inscricao',
    acesso: ACESSO_EVENTO_COM_INSCRICAO,
    voltar: ROTA_EVENTOS_COM_INSCRICAO,
    valores: paraTela,
    corpo: paraApi,
    travado: (e) => e.somenteLeitura,
  });
  const { form, formProps, somenteLeitura, semPermissao, consulta } = f;
  if (semPermissao) return <Navigate to={ROTA_EVENTOS_COM_INSCRICAO} replace />;
  const formatoMomento = `${formatoData(i18n.language)} HH:mm`;
  const momento = <DatePicker showTime={{ format: 'HH:mm' }} format={formatoMomento} />;
  const remover = (indice: number, aoClicar: () => void) => {
    const rotulo = `${t('crud:removerItem')} ${indice + 1}`;
    return (
      !somenteLeitura && (
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={rotulo} title={rotulo} onClick={aoClicar} />
      )
    );
  };
  const lotes = consulta.data?.lotes ?? [];
  const oficinas = consulta.data?.oficinas ?? [];
  return (
    <PaginaDeFormulario recurso={f} tela={t(`menu:acessos.${ACESSO_EVENTO_COM_INSCRICAO}`)}>
      <Form<Valores>
        {...formProps}
        name="evento-com-inscricao"
        initialValues={{
          organizacaoId: autorizacao?.organizacaoId,
          visibilidade: 'HIERARQUIA',
          tipoEvento: 'CONGRESSO',
          diasVencimento: 3,
          formasPagamento: ['PIX'],
          lotes: [{ numero: 1, quantidade: 0 }],
          oficinas: [],
          formulario: { secoes: {}, perguntas: [] },
        }}
        data-testid="form-evento-com-inscricao"
      >
        <Card size="small" title={t('eventos:form.dados')}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="organizacaoId"
                label={t('campos:organizacaoId')}
                required
                rules={regras('organizacaoId')}
              >
                <SelectReferencia referencia="organizacao" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="tipoEvento" label={t('campos:tipoEvento')} required rules={regras('tipoEvento')}>
                <Select options={TIPOS_EVENTO.map((v) => ({ value: v, label: t(`eventos:tipos.${v}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="codigo" label={t('campos:codigo')} required rules={regras('codigo')}>
                <Input maxLength={40} data-testid="evento-codigo" />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item name="nome" label={t('campos:nome')} required rules={regras('nome')}>
                <Input maxLength={200} data-testid="evento-nome" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="inicio" label={t('campos:inicio')} required rules={[{ required: true }]}>
                {momento}
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="fim" label={t('campos:fim')} required rules={[{ required: true }]}>
                {momento}
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="prazoInscricao" label={t('campos:prazoInscricao')} required rules={[{ required: true }]}>
                {momento}
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="local" label={t('campos:local')}>
                <Input maxLength={300} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="visibilidade" label={t('campos:visibilidade')}>
                <Select
                  options={VISIBILIDADES_EVENTO.map((v) => ({ value: v, label: t(`eventos:visibilidades.${v}`) }))}
                />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="descricao" label={t('campos:descricao')}>
                <Input.TextArea rows={3} maxLength={4000} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card size="small" title={t('eventos:form.pagamento')} style={{ marginTop: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={16}>
              <Form.Item
                name="formasPagamento"
                label={t('eventos:form.formasPagamento')}
                required
                rules={[{ required: true, type: 'array', min: 1, message: t('validacao:obrigatorio') }]}
              >
                <FormasPagamento />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="diasVencimento"
                label={t('eventos:form.diasVencimento')}
                required
                rules={regras('diasVencimento')}
              >
                <InputNumber min={1} max={30} precision={0} data-testid="evento-dias-vencimento" />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <CartoesDaLista
          nome="lotes"
          titulo={t('eventos:form.lotes')}
          tituloItem={(n) => t('eventos:form.loteN', { n })}
          adicionar={t('eventos:form.adicionarLote')}
          testIdAdicionar="adicionar-lote"
          novo={(quantos) => ({ numero: quantos + 1, quantidade: 0 })}
          remover={remover}
          somenteLeitura={somenteLeitura}
        >
          {(item, i) => {
            const atual = lotes.find((l) => l.id === form.getFieldValue(['lotes', item.name, 'id']));
            return (
              <>
                <Col {...largura}>
                  <Form.Item
                    name={[item.name, 'numero']}
                    label={t('campos:numero')}
                    required
                    rules={regras(`lotes.${item.name}.numero`)}
                  >
                    <InputNumber min={1} max={99} precision={0} data-testid={`lote-${i}-numero`} />
                  </Form.Item>
                </Col>
                <Col {...largura}>
                  <Form.Item
                    name={[item.name, 'valor']}
                    label={t('campos:valor')}
                    required
                    rules={regras(`lotes.${item.name}.valor`)}
                  >
                    <EntradaDinheiro
                      idioma={idiomaDoDinheiro(i18n.language)}
                      aria-label={`${t('campos:valor')} ${i + 1}`}
                    />
                  </Form.Item>
                </Col>
                <Col {...largura}>
                  <Form.Item
                    name={[item.name, 'quantidade']}
                    label={t('eventos:form.quantidade')}
                    required
                    rules={regras(`lotes.${item.name}.quantidade`)}
                    extra={atual && t('eventos:form.ocupacao', atual)}
                  >
                    <InputNumber min={0} precision={0} data-testid={`lote-${i}-quantidade`} />
                  </Form.Item>
                </Col>
                <Col {...largura}>
                  <Form.Item label={t('eventos:form.janela')}>
                    <Space.Compact>
                      <Form.Item name={[item.name, 'inicio']} noStyle>
                        <EntradaData />
                      </Form.Item>
                      <Form.Item name={[item.name, 'fim']} noStyle>
                        <EntradaData />
                      </Form.Item>
                    </Space.Compact>
                  </Form.Item>
                </Col>
              </>
            );
          }}
        </CartoesDaLista>

        <CartoesDaLista
          nome="oficinas"
          titulo={t('campos:oficinas')}
          tituloItem={(n) => t('eventos:form.oficinaN', { n })}
          adicionar={t('eventos:form.adicionarOficina')}
          testIdAdicionar="adicionar-oficina"
          novo={() => ({ vagas: 0 })}
          remover={remover}
          somenteLeitura={somenteLeitura}
          vazio={t('crud:semItens')}
        >
          {(item, i) => {
            const atual = oficinas.find((o) => o.id === form.getFieldValue(['oficinas', item.name, 'id']));
            return (
              <>
                <Col {...largura}>
                  <Form.Item
                    name={[item.name, 'nome']}
                    label={t('campos:nome')}
                    required
                    rules={regras(`oficinas.${item.name}.nome`)}
                  >
                    <Input maxLength={150} data-testid={`oficina-${i}-nome`} />
                  </Form.Item>
                </Col>
                <Col {...largura}>
                  <Form.Item
                    name={[item.name, 'vagas']}
                    label={t('eventos:form.vagas')}
                    required
                    rules={regras(`oficinas.${item.name}.vagas`)}
                    extra={atual && t('eventos:form.ocupacao', atual)}
                  >
                    <InputNumber min={0} precision={0} data-testid={`oficina-${i}-vagas`} />
                  </Form.Item>
                </Col>
                <Col {...largura}>
                  <Form.Item name={[item.name, 'categoria']} label={t('eventos:form.categoria')}>
                    <Input maxLength={100} />
                  </Form.Item>
                </Col>
                <Col {...largura}>
                  <Form.Item name={[item.name, 'horario']} label={t('eventos:form.horario')}>
                    <Input maxLength={50} placeholder={t('eventos:form.horarioDica')} />
                  </Form.Item>
                </Col>
              </>
            );
          }}
        </CartoesDaLista>

        <Card size="small" title={t('eventos:form.formulario')} style={{ marginTop: 16 }}>
          <Typography.Paragraph type="secondary">{t('eventos:form.pessoaisSempre')}</Typography.Paragraph>
          {SECOES_FORMULARIO.map((s) => (
            <Row key={s} gutter={16} align="middle" data-testid={`secao-${s}`}>
              <Col xs={24} md={10}>
                {t(`eventos:secoes.${s}`)}
              </Col>
              <Col xs={12} md={7}>
                <Form.Item name={['formulario', 'secoes', s, 'pedir']} valuePropName="checked" noStyle>
                  <Checkbox>{t('eventos:form.pedir')}</Checkbox>
                </Form.Item>
              </Col>
              <Col xs={12} md={7}>
                <Form.Item name={['formulario', 'secoes', s, 'obrigatoria']} valuePropName="checked" noStyle>
                  <Checkbox>{t('eventos:form.obrigatoria')}</Checkbox>
                </Form.Item>
              </Col>
            </Row>
          ))}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('eventos:form.perguntas')}
          </Typography.Title>
          <Form.List name={['formulario', 'perguntas']}>
            {(itens, { add, remove }) => (
              <Space orientation="vertical" style={{ width: '100%' }} data-testid="perguntas">
                {itens.map((item, i) => (
                  <Row key={item.key} gutter={8} align="top">
                    <Col xs={24} md={4}>
                      <Form.Item
                        name={[item.name, 'chave']}
                        label={t('campos:chave')}
                        required
                        rules={regras(`formulario.perguntas.${item.name}.chave`)}
                      >
                        <Input maxLength={40} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={7}>
                      <Form.Item
                        name={[item.name, 'rotulo']}
                        label={t('eventos:form.pergunta')}
                        required
                        rules={regras(`formulario.perguntas.${item.name}.rotulo`)}
                      >
                        <Input maxLength={200} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={4}>
                      <Form.Item name={[item.name, 'tipo']} label={t('campos:tipo')} required>
                        <Select
                          options={TIPOS_PERGUNTA.map((p) => ({ value: p, label: t(`eventos:tiposPergunta.${p}`) }))}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={5}>
                      <Form.Item name={[item.name, 'opcoes']} label={t('campos:opcoes')}>
                        <Select mode="tags" open={false} />
                      </Form.Item>
                    </Col>
                    <Col xs={20} md={3}>
                      <Form.Item
                        name={[item.name, 'obrigatoria']}
                        label={t('eventos:form.obrigatoria')}
                        valuePropName="checked"
                      >
                        <Switch />
                      </Form.Item>
                    </Col>
                    <Col xs={4} md={1} style={{ paddingTop: 30 }}>
                      {remover(i, () => remove(item.name))}
                    </Col>
                  </Row>
                ))}
                {!somenteLeitura && (
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => add({ tipo: 'texto', obrigatoria: false, opcoes: [] })}
                    data-testid="adicionar-pergunta"
                  >
                    {t('eventos:form.adicionarPergunta')}
                  </Button>
                )}
              </Space>
            )}
          </Form.List>
        </Card>
      </Form>
    </PaginaDeFormulario>
  );
}
