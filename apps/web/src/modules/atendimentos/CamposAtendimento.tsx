import { atendimentoInput, type FilaAtendimento } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { chaves, cliente, dados, recurso } from '../../platform/cliente';
import { EntradaData } from '../../platform/crud/controles';
import { regrasZod } from '../../platform/formulario';
import { caminhoDa, consultaOpcoes, NS, useRegrasCampos } from './comum';

export type ValoresAtendimento = {
  assunto?: string;
  descricao?: string;
  categoriaAtendimentoId?: number;
  organizacaoDestinoId?: number;
  responsavelUsuarioId?: number;
  classificacaoId?: number | null;
  atendimentoPaiId?: number | null;
  dataRetornoPrevista?: string | null;
  participantes?: number[];
  observadores?: number[];
  interessados?: number[];
  caracteristicas?: { caracteristicaId: number; valor: string }[];
};

const filtrarRotulo = (entrada: string, opcao?: { label?: unknown }) =>
  String(opcao?.label ?? '')
    .toLowerCase()
    .includes(entrada.toLowerCase());

/**
 * The ticket's own fields, for opening one and for the agents' edit: the category shows its
 * requirement text and asks for its classes' characteristics (the required ones marked).
 * Rules are the contracts' schema, the same the API applies.
 */
export function CamposAtendimento({
  fila,
  completo,
  desabilitado,
}: {
  fila: FilaAtendimento;
  /** The agents' fields too: classification, parent ticket, expected return. */
  completo: boolean;
  desabilitado?: boolean;
}) {
  const { t } = useTranslation(NS);
  const form = Form.useFormInstance<ValoresAtendimento>();
  const regra = regrasZod(atendimentoInput);
  const categoriaId = Form.useWatch('categoriaAtendimentoId', form);
  const { oculto, bloqueado } = useRegrasCampos(fila);

  const categorias = useQuery(consultaOpcoes(fila, 'categorias'));
  const destinos = useQuery(consultaOpcoes(fila, 'organizacoes-destino'));
  const usuarios = useQuery(consultaOpcoes(fila, 'usuarios'));
  const classificacoes = useQuery({
    queryKey: chaves('classificacao').select(),
    queryFn: ({ signal }) => recurso.opcoes('classificacao', {}, signal),
    enabled: completo,
    staleTime: 60_000,
  });
  const categoria = useQuery({
    queryKey: [...chaves(fila).todas, 'categoria', categoriaId],
    queryFn: ({ signal }) =>
      dados(
        cliente.GET(caminhoDa(fila, '/categorias/{id}'), { params: { path: { id: categoriaId as number } }, signal }),
      ),
    enabled: !!categoriaId,
  });

  // The characteristic rows follow the chosen category; values already typed are kept.
  useEffect(() => {
    const pedidas = categoria.data?.caracteristicas;
    if (!pedidas) return;
    const atuais = new Map(
      (form.getFieldValue('caracteristicas') ?? []).map((c: { caracteristicaId: number; valor: string }) => [
        c.caracteristicaId,
        c.valor,
      ]),
    );
    form.setFieldValue(
      'caracteristicas',
      pedidas.map((c) => ({ caracteristicaId: c.caracteristicaId, valor: atuais.get(c.caracteristicaId) ?? '' })),
    );
  }, [categoria.data, form]);

  const multiplo = (nome: 'participantes' | 'observadores' | 'interessados') => (
    <Col xs={24} md={8}>
      <Form.Item name={nome} label={t(`campos:${nome}`)}>
        <Select mode="multiple" allowClear showSearch={{ filterOption: filtrarRotulo }} options={usuarios.data ?? []} />
      </Form.Item>
    </Col>
  );

  return (
    <fieldset disabled={desabilitado} style={{ border: 0, padding: 0, margin: 0 }}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="categoriaAtendimentoId"
            label={t('campos:categoriaAtendimentoId')}
            required
            rules={regra('categoriaAtendimentoId')}
          >
            <Select
              showSearch={{ filterOption: filtrarRotulo }}
              options={categorias.data ?? []}
              data-testid="categoria"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="organizacaoDestinoId"
            label={t('campos:organizacaoDestinoId')}
            required
            rules={regra('organizacaoDestinoId')}
          >
            <Select showSearch={{ filterOption: filtrarRotulo }} options={destinos.data ?? []} data-testid="destino" />
          </Form.Item>
        </Col>
        {categoria.data?.requisito && (
          <Col xs={24}>
            <Alert
              type="info"
              showIcon
              title={t('atendimentos:requisito')}
              description={categoria.data.requisito}
              style={{ marginBottom: 16 }}
            />
          </Col>
        )}
        <Col xs={24}>
          <Form.Item name="assunto" label={t('campos:assunto')} required rules={regra('assunto')}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="descricao" label={t('campos:descricao')} required rules={regra('descricao')}>
            <Input.TextArea rows={5} maxLength={10_000} />
          </Form.Item>
        </Col>
        {oculto('responsavelUsuarioId') ? (
          // Still sent when opening a ticket: its requester, the owner until triage.
          <Form.Item name="responsavelUsuarioId" hidden>
            <Input />
          </Form.Item>
        ) : (
          <Col xs={24} md={12}>
            <Form.Item
              name="responsavelUsuarioId"
              label={t('campos:responsavelUsuarioId')}
              required
              rules={regra('responsavelUsuarioId')}
            >
              <Select
                showSearch={{ filterOption: filtrarRotulo }}
                options={usuarios.data ?? []}
                disabled={bloqueado('responsavelUsuarioId')}
                data-testid="responsavel"
              />
            </Form.Item>
          </Col>
        )}
        {completo && (
          <>
            {!oculto('classificacaoId') && (
              <Col xs={24} md={12}>
                <Form.Item name="classificacaoId" label={t('campos:classificacaoId')}>
                  <Select
                    allowClear
                    showSearch={{ filterOption: filtrarRotulo }}
                    options={classificacoes.data ?? []}
                    disabled={bloqueado('classificacaoId')}
                  />
                </Form.Item>
              </Col>
            )}
            {!oculto('atendimentoPaiId') && (
              <Col xs={24} md={12}>
                <Form.Item
                  name="atendimentoPaiId"
                  label={t('campos:atendimentoPaiId')}
                  rules={regra('atendimentoPaiId')}
                >
                  <InputNumber
                    min={1}
                    precision={0}
                    style={{ width: '100%' }}
                    disabled={bloqueado('atendimentoPaiId')}
                  />
                </Form.Item>
              </Col>
            )}
            {!oculto('dataRetornoPrevista') && (
              <Col xs={24} md={12}>
                <Form.Item name="dataRetornoPrevista" label={t('campos:dataRetornoPrevista')}>
                  <EntradaData style={{ width: '100%' }} disabled={bloqueado('dataRetornoPrevista')} />
                </Form.Item>
              </Col>
            )}
          </>
        )}
        {multiplo('participantes')}
        {multiplo('observadores')}
        {multiplo('interessados')}
      </Row>
      {!oculto('caracteristicas') && (
        <Form.List name="caracteristicas">
          {(itens) => (
            <Row gutter={16}>
              {itens.map((item, i) => {
                const c = categoria.data?.caracteristicas[i];
                if (!c) return null;
                return (
                  <Col xs={24} md={12} key={item.key}>
                    <Form.Item name={[item.name, 'caracteristicaId']} hidden>
                      <Input />
                    </Form.Item>
                    <Form.Item
                      name={[item.name, 'valor']}
                      label={c.nome}
                      required={c.obrigatorio}
                      rules={
                        c.obrigatorio
                          ? [
                              {
                                required: true,
                                whitespace: true,
                                message: t('validacao:obrigatorio', { campo: c.nome }),
                              },
                            ]
                          : []
                      }
                    >
                      {c.opcoes.length ? (
                        <Select
                          allowClear
                          options={c.opcoes.map((o) => ({ value: o.chave, label: o.valor }))}
                          disabled={bloqueado('caracteristicas')}
                        />
                      ) : (
                        <Input maxLength={500} disabled={bloqueado('caracteristicas')} />
                      )}
                    </Form.Item>
                  </Col>
                );
              })}
            </Row>
          )}
        </Form.List>
      )}
    </fieldset>
  );
}
