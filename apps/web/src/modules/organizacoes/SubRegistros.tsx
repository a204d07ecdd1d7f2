import { PlusOutlined } from '@ant-design/icons';
import { TIPOS_CHAVE_PIX, TIPOS_CONTA_BANCARIA } from '@sig/contracts';
import { Button, Col, Form, type FormInstance, Input, Row, Select, Space, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EntradaCep, SelectCidade, SelectReferencia } from '../../platform/crud/controles';
import { CartaoDoItem } from '../../platform/crud/FilhosCadastro';
import { vazioParaNulo } from './comum';

type Props = { regras: (campo: string) => Rule[]; somenteLeitura: boolean; form: FormInstance };

/** An editable list of sub-records: one card per item, add and remove (spec §3). */
function ListaSub({
  nome,
  novo,
  somenteLeitura,
  titulo,
  children,
}: {
  nome: string;
  novo: Record<string, unknown>;
  somenteLeitura: boolean;
  titulo: string;
  children: (indice: number) => ReactNode;
}) {
  const { t } = useTranslation(['campos', 'organizacoes']);
  return (
    <Form.List name={nome}>
      {(itens, { add, remove }) => (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid={`lista-${nome}`}>
          {itens.length === 0 && <Typography.Text type="secondary">{t('organizacoes:semItens')}</Typography.Text>}
          {itens.map((item, i) => (
            <CartaoDoItem
              key={item.key}
              titulo={`${titulo} ${i + 1}`}
              rotuloRemover={t('organizacoes:removerItem')}
              aoRemover={somenteLeitura ? undefined : () => remove(item.name)}
            >
              {children(item.name)}
            </CartaoDoItem>
          ))}
          {!somenteLeitura && (
            <Button icon={<PlusOutlined />} onClick={() => add({ ...novo })}>
              {t('organizacoes:adicionar', { item: titulo })}
            </Button>
          )}
        </Space>
      )}
    </Form.List>
  );
}

const col = { xs: 24, md: 12, lg: 8 };

export function Enderecos({ regras, somenteLeitura, form }: Props) {
  const { t } = useTranslation(['campos', 'organizacoes']);
  const r = (i: number, c: string) => regras(`enderecos.${i}.${c}`);
  // Only one address may be the preferential one: switching one on switches the others off.
  const marcarPreferencial = (i: number, ligado: boolean) => {
    if (!ligado) return;
    const lista = (form.getFieldValue('enderecos') ?? []) as Record<string, unknown>[];
    form.setFieldValue(
      'enderecos',
      lista.map((e, j) => ({ ...e, preferencial: j === i })),
    );
  };
  return (
    <ListaSub
      nome="enderecos"
      titulo={t('organizacoes:endereco')}
      somenteLeitura={somenteLeitura}
      novo={{ id: null, cep: '', logradouro: '', correspondencia: false, ativo: true, preferencial: false }}
    >
      {(i) => (
        <Row gutter={16}>
          <Col {...col}>
            <Form.Item name={[i, 'tipoEnderecoId']} label={t('campos:tipoEnderecoId')} rules={r(i, 'tipoEnderecoId')}>
              <SelectReferencia referencia="tipo-endereco" allowClear />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name={[i, 'cep']} label={t('campos:cep')} required rules={r(i, 'cep')}>
              <EntradaCep caminho={(campo) => ['enderecos', i, campo]} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name={[i, 'logradouro']} label={t('campos:logradouro')} required rules={r(i, 'logradouro')}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name={[i, 'numero']} label={t('campos:numero')} rules={r(i, 'numero')} {...vazioParaNulo}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name={[i, 'bairro']} label={t('campos:bairro')} rules={r(i, 'bairro')} {...vazioParaNulo}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name={[i, 'estadoId']} label={t('campos:estadoId')} rules={r(i, 'estadoId')}>
              <SelectReferencia referencia="estado" allowClear />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name={[i, 'cidadeId']} label={t('campos:cidadeId')} rules={r(i, 'cidadeId')}>
              <SelectCidade campoEstado={['enderecos', i, 'estadoId']} allowClear />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item
              name={[i, 'complemento']}
              label={t('campos:complemento')}
              rules={r(i, 'complemento')}
              {...vazioParaNulo}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item
              name={[i, 'pontoReferencia']}
              label={t('campos:pontoReferencia')}
              rules={r(i, 'pontoReferencia')}
              {...vazioParaNulo}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item
              name={[i, 'caixaPostal']}
              label={t('campos:caixaPostal')}
              rules={r(i, 'caixaPostal')}
              {...vazioParaNulo}
            >
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={8}>
            <Form.Item name={[i, 'correspondencia']} label={t('campos:correspondencia')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={8}>
            <Form.Item name={[i, 'ativo']} label={t('campos:ativo')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={8}>
            <Form.Item
              name={[i, 'preferencial']}
              label={t('campos:preferencial')}
              valuePropName="checked"
              rules={regras('enderecos')}
            >
              <Switch onChange={(v) => marcarPreferencial(i, v)} />
            </Form.Item>
          </Col>
        </Row>
      )}
    </ListaSub>
  );
}

export function Contatos({ regras, somenteLeitura }: Props) {
  const { t } = useTranslation(['campos', 'organizacoes']);
  const r = (i: number, c: string) => regras(`contatos.${i}.${c}`);
  return (
    <ListaSub
      nome="contatos"
      titulo={t('organizacoes:contato')}
      somenteLeitura={somenteLeitura}
      novo={{ id: null, valor: '', principal: false }}
    >
      {(i) => (
        <Row gutter={16}>
          <Col {...col}>
            <Form.Item
              name={[i, 'tipoContatoId']}
              label={t('campos:tipoContatoId')}
              required
              rules={r(i, 'tipoContatoId')}
            >
              <SelectReferencia referencia="tipo-contato" />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name={[i, 'valor']} label={t('campos:valor')} required rules={r(i, 'valor')}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item
              name={[i, 'observacao']}
              label={t('campos:observacao')}
              rules={r(i, 'observacao')}
              {...vazioParaNulo}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name={[i, 'principal']} label={t('campos:principal')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      )}
    </ListaSub>
  );
}

export function ContasBancarias({ regras, somenteLeitura }: Props) {
  const { t } = useTranslation(['campos', 'organizacoes']);
  const r = (i: number, c: string) => regras(`contasBancarias.${i}.${c}`);
  return (
    <ListaSub
      nome="contasBancarias"
      titulo={t('organizacoes:contaBancaria')}
      somenteLeitura={somenteLeitura}
      novo={{ id: null, tipo: 'CORRENTE', agencia: '', conta: '' }}
    >
      {(i) => (
        <Row gutter={16}>
          <Col {...col}>
            <Form.Item name={[i, 'tipo']} label={t('campos:tipo')} required rules={r(i, 'tipo')}>
              <Select
                options={TIPOS_CONTA_BANCARIA.map((v) => ({ value: v, label: t(`organizacoes:tiposConta.${v}`) }))}
              />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name={[i, 'bancoId']} label={t('campos:bancoId')} required rules={r(i, 'bancoId')}>
              <SelectReferencia referencia="banco" />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name={[i, 'agencia']} label={t('campos:agencia')} required rules={r(i, 'agencia')}>
              <Input maxLength={10} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name={[i, 'conta']} label={t('campos:conta')} required rules={r(i, 'conta')}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name={[i, 'tipoChavePix']} label={t('campos:tipoChavePix')} rules={r(i, 'tipoChavePix')}>
              <Select
                allowClear
                options={TIPOS_CHAVE_PIX.map((v) => ({ value: v, label: t(`organizacoes:tiposChavePix.${v}`) }))}
              />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name={[i, 'chavePix']} label={t('campos:chavePix')} rules={r(i, 'chavePix')} {...vazioParaNulo}>
              <Input maxLength={140} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item name={[i, 'titular']} label={t('campos:titular')} rules={r(i, 'titular')} {...vazioParaNulo}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
      )}
    </ListaSub>
  );
}

export function CamposTrabalho({ regras, somenteLeitura }: Props) {
  const { t } = useTranslation(['campos', 'organizacoes']);
  const r = (i: number, c: string) => regras(`camposTrabalho.${i}.${c}`);
  return (
    <ListaSub
      nome="camposTrabalho"
      titulo={t('organizacoes:campoTrabalho')}
      somenteLeitura={somenteLeitura}
      novo={{ id: null }}
    >
      {(i) => (
        <Row gutter={16}>
          <Col {...col}>
            <Form.Item
              name={[i, 'tipoCampoTrabalhoId']}
              label={t('campos:tipoCampoTrabalhoId')}
              required
              rules={r(i, 'tipoCampoTrabalhoId')}
            >
              <SelectReferencia referencia="tipo-campo-trabalho" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name={[i, 'descricao']}
              label={t('campos:descricao')}
              rules={r(i, 'descricao')}
              {...vazioParaNulo}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
      )}
    </ListaSub>
  );
}
