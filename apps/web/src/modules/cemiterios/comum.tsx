import type { CampoCadastro, EstadoConcessao, SituacaoJazigo } from '@sig/contracts';
import { Col, Form, Row } from 'antd';
import { cloneElement, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { controleCampo, propsItem } from '../../platform/crud/controles';
import { rotuloCampo } from '../../platform/crud/definicao';
import { regrasZod } from '../../platform/formulario';

export const ROTA_LISTA_CEMITERIO = '/cemiterio';
export const ROTA_FORM_CEMITERIO = '/cemiterio/form';
export const ROTA_LISTA_ARRENDATARIO = '/arrendatario';
export const ROTA_FORM_ARRENDATARIO = '/arrendatario/form';
export const ROTA_LISTA_FALECIDO = '/falecido';
export const ROTA_FORM_FALECIDO = '/falecido/form';

/**
 * A plot's state in the grid: a light fill with the theme's dark text (the contrast check holds),
 * and the state's name in the cell's label, so the colour is never the only sign.
 */
export const CORES_SITUACAO: Record<SituacaoJazigo, string> = {
  LIVRE: '#d9f7be',
  RESERVADO: '#fff1b8',
  OCUPADO: '#ffccc7',
  EM_EXUMACAO: '#efdbff',
  INDISPONIVEL: '#d9d9d9',
};

/** A concession's state as a tag's light fill under the theme's dark text, as the grid's; the text names the state. */
export const CORES_ESTADO_CONCESSAO: Record<EstadoConcessao, string> = {
  RESERVADA: '#d6e4ff',
  VIGENTE: '#d9f7be',
  A_VENCER: '#fff1b8',
  VENCIDA: '#ffccc7',
  EM_EXUMACAO: '#efdbff',
  ENCERRADA: '#d9d9d9',
};

/**
 * The declared fields of a hand form, laid out two by two, with the input schema's rules.
 * `fixos`: fields shown but not edited here, as only an action of their own changes them.
 */
export function CamposDeclarados({
  campos,
  esquema,
  fixos = [],
}: {
  campos: readonly CampoCadastro[];
  esquema: ZodType;
  fixos?: readonly string[];
}) {
  const { t, i18n } = useTranslation(['campos', 'cemiterios']);
  const regras = regrasZod(esquema);
  return (
    <Row gutter={16}>
      {campos.map((c) => (
        <Col key={c.nome} xs={24} md={12}>
          <Form.Item
            name={c.nome}
            label={t(rotuloCampo(c))}
            required={c.obrigatorio}
            rules={regras(c.nome)}
            {...propsItem(c)}
            extra={fixos.includes(c.nome) ? t(`cemiterios:fixo.${c.nome}`, { defaultValue: '' }) : undefined}
          >
            {fixos.includes(c.nome)
              ? cloneElement(controleCampo(c, i18n.language) as ReactElement<{ disabled?: boolean }>, {
                  disabled: true,
                })
              : controleCampo(c, i18n.language)}
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
