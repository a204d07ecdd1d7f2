import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FilhoCadastro } from '@sig/contracts';
import { Button, Card, Col, ConfigProvider, Form, Row, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { controleCampo, propsItem } from './controles';
import { rotuloCampo } from './definicao';

const largura = { xs: 24, md: 12, lg: 8 };

/** One item of an editable list: its card, with a remove button unless read-only (no `aoRemover`). */
export function CartaoDoItem({
  titulo,
  rotuloRemover,
  dicaRemover = rotuloRemover,
  aoRemover,
  children,
}: {
  titulo: string;
  /** The remove button's accessible name (and tooltip, unless `dicaRemover`). */
  rotuloRemover: string;
  dicaRemover?: string;
  aoRemover?: () => void;
  children: ReactNode;
}) {
  return (
    <Card
      size="small"
      title={titulo}
      extra={
        aoRemover && (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={rotuloRemover}
            title={dicaRemover}
            onClick={aoRemover}
          />
        )
      }
    >
      {children}
    </Card>
  );
}

/**
 * One sub-record collection of a registry form (options, participants): an editable list of
 * items with the declared fields, saved with the parent. Each item keeps its `id` hidden, so
 * the server updates it instead of adding a new one.
 */
export function FilhosCadastro({
  filho,
  somenteLeitura,
  regras,
  regraLista,
  novo,
}: {
  filho: FilhoCadastro;
  somenteLeitura: boolean;
  regras: (campo: string) => Rule[];
  /** The list-level rule (at least N items), checked on submit. */
  regraLista: { validator: () => Promise<void> };
  novo: Record<string, unknown>;
}) {
  const { t, i18n } = useTranslation(['campos', 'crud']);
  const titulo = t(rotuloCampo(filho));
  // The inputs are read-only with the list, even in a form that is not disabled as a whole.
  return (
    <ConfigProvider componentDisabled={somenteLeitura || undefined}>
      <Form.Item label={titulo} required={(filho.min ?? 0) > 0}>
        <Form.List name={filho.nome} rules={[regraLista]}>
          {(itens, { add, remove }, { errors }) => (
            <Space orientation="vertical" style={{ width: '100%' }} data-testid={`filhos-${filho.nome}`}>
              {itens.length === 0 && <Typography.Text type="secondary">{t('crud:semItens')}</Typography.Text>}
              {itens.map((item, i) => (
                <CartaoDoItem
                  key={item.key}
                  titulo={t('crud:item', { n: i + 1 })}
                  rotuloRemover={`${t('crud:removerItem')} ${i + 1}`}
                  dicaRemover={t('crud:removerItem')}
                  aoRemover={somenteLeitura ? undefined : () => remove(item.name)}
                >
                  <Form.Item name={[item.name, 'id']} hidden>
                    <input type="hidden" />
                  </Form.Item>
                  <Row gutter={16}>
                    {filho.campos.map((c) => (
                      <Col key={c.nome} {...largura}>
                        <Form.Item
                          name={[item.name, c.nome]}
                          label={t(rotuloCampo(c))}
                          required={!!c.obrigatorio}
                          rules={regras(`${filho.nome}.${item.name}.${c.nome}`)}
                          {...propsItem(c)}
                        >
                          {controleCampo(c, i18n.language, (campo) => [filho.nome, item.name, campo])}
                        </Form.Item>
                      </Col>
                    ))}
                  </Row>
                </CartaoDoItem>
              ))}
              <Form.ErrorList errors={errors} />
              {!somenteLeitura && itens.length < (filho.max ?? Number.POSITIVE_INFINITY) && (
                <Button icon={<PlusOutlined />} onClick={() => add({ ...novo })}>
                  {`${t('crud:adicionarItem')}: ${titulo}`}
                </Button>
              )}
            </Space>
          )}
        </Form.List>
      </Form.Item>
    </ConfigProvider>
  );
}
