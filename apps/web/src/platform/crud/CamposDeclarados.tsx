import type { CampoCadastro } from '@sig/contracts';
import { Col, Form, Row } from 'antd';
import { cloneElement, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { regrasZod } from '../formulario';
import { controleCampo, propsItem } from './controles';
import { rotuloCampo } from './definicao';

/**
 * The declared fields of a hand form, two by two (long texts take the whole row), with the input
 * schema's rules on each. `fixos`: fields shown but not edited here, as only an action of their
 * own changes them, each with the hint saying which. `dependencias`: the fields a field's rules
 * read (checked again when those change).
 */
export function CamposDeclarados({
  campos,
  esquema,
  fixos = {},
  dependencias = {},
}: {
  campos: readonly CampoCadastro[];
  esquema: ZodType;
  fixos?: Readonly<Record<string, string>>;
  dependencias?: Readonly<Record<string, readonly string[]>>;
}) {
  const { t, i18n } = useTranslation(['campos']);
  const regras = regrasZod(esquema);
  return (
    <Row gutter={16}>
      {campos.map((c) => {
        const controle = controleCampo(c, i18n.language);
        const fixo = fixos[c.nome];
        return (
          <Col key={c.nome} xs={24} md={c.tipo === 'textoLongo' ? 24 : 12}>
            <Form.Item
              name={c.nome}
              label={t(rotuloCampo(c))}
              required={c.obrigatorio}
              rules={regras(c.nome)}
              dependencies={dependencias[c.nome] as string[] | undefined}
              {...propsItem(c)}
              extra={fixo}
            >
              {fixo === undefined
                ? controle
                : cloneElement(controle as ReactElement<{ disabled?: boolean }>, { disabled: true })}
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}
