import type { CampoCadastro } from '@sig/contracts';
import { Col, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { controleCampo, propsItem } from '../../platform/crud/controles';
import { rotuloCampo } from '../../platform/crud/definicao';
import { regrasZod } from '../../platform/formulario';

export const ROTA_LISTA_TEMPLATES = '/template-oficio';
export const ROTA_FORM_TEMPLATE = '/template-oficio/form';
export const ROTA_EMITIDOS = '/template-oficio/emitidos';

/** The declared fields of the template's form, two by two (the texts take the whole row), with the input schema's rules. */
export function CamposTemplate({ campos, esquema }: { campos: readonly CampoCadastro[]; esquema: ZodType }) {
  const { t, i18n } = useTranslation(['campos']);
  const regras = regrasZod(esquema);
  return (
    <Row gutter={16}>
      {campos.map((c) => (
        <Col key={c.nome} xs={24} md={c.tipo === 'textoLongo' ? 24 : 12}>
          <Form.Item
            name={c.nome}
            label={t(rotuloCampo(c))}
            required={c.obrigatorio}
            rules={regras(c.nome)}
            {...propsItem(c)}
          >
            {controleCampo(c, i18n.language)}
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
