import { ACESSO_EVENTO, type Evento, eventoInput, TIPOS_EVENTO, VISIBILIDADES_EVENTO } from '@sig/contracts';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { SelectReferencia } from '../../platform/crud/controles';
import { formatoData } from '../../platform/crud/definicao';
import { PaginaDeFormulario } from '../../platform/crud/PaginaDeFormulario';
import { regrasZod } from '../../platform/formulario';
import { useFormRecurso } from '../../platform/useFormRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ROTA_EVENTOS } from './comum';

const regras = regrasZod(eventoInput);
type Valores = Record<string, unknown>;

// The pickers hold moments; the API takes them as ISO instants (with their offset).
const paraTela = (e: Evento): Valores => ({ ...e, inicio: dayjs(e.inicio), fim: dayjs(e.fim) });
const paraApi = (v: Valores): Valores => ({
  ...v,
  inicio: (v.inicio as Dayjs | undefined)?.toISOString(),
  fim: (v.fim as Dayjs | undefined)?.toISOString(),
});

/**
 * `/evento-form/:id?/:visualizacao?` (spec §2): a calendar entry — organizer, type, code, name,
 * dates, place and who sees it; one shared from an organization above is only viewed.
 */
export default function EventoFormPage() {
  const { t, i18n } = useTranslation(['campos', 'crud', 'eventos', 'menu']);
  const { autorizacao } = useAutorizacao();
  useTitulo(`menu:acessos.${ACESSO_EVENTO}`);
  const f = useFormRecurso<Evento>({
    recurso: 'evento',
    acesso: ACESSO_EVENTO,
    voltar: ROTA_EVENTOS,
    valores: paraTela,
    corpo: paraApi,
    travado: (e) => e.somenteLeitura,
  });
  const { formProps, semPermissao } = f;
  if (semPermissao) return <Navigate to={ROTA_EVENTOS} replace />;
  const formatoMomento = `${formatoData(i18n.language)} HH:mm`;
  return (
    <PaginaDeFormulario recurso={f} tela={t(`menu:acessos.${ACESSO_EVENTO}`)}>
      <Form<Valores>
        {...formProps}
        name="evento"
        initialValues={{ organizacaoId: autorizacao?.organizacaoId, visibilidade: 'HIERARQUIA' }}
        data-testid="form-evento"
      >
        <Form.Item name="organizacaoId" label={t('campos:organizacaoId')} required rules={regras('organizacaoId')}>
          <SelectReferencia referencia="organizacao" />
        </Form.Item>
        <Form.Item name="tipoEvento" label={t('campos:tipoEvento')} required rules={regras('tipoEvento')}>
          <Select options={TIPOS_EVENTO.map((v) => ({ value: v, label: t(`eventos:tipos.${v}`) }))} />
        </Form.Item>
        <Form.Item name="codigo" label={t('campos:codigo')} required rules={regras('codigo')}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="nome" label={t('campos:nome')} required rules={regras('nome')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="inicio" label={t('campos:inicio')} required rules={[{ required: true }]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format={formatoMomento} />
        </Form.Item>
        <Form.Item name="fim" label={t('campos:fim')} required rules={[{ required: true }]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format={formatoMomento} />
        </Form.Item>
        <Form.Item name="local" label={t('campos:local')}>
          <Input maxLength={300} />
        </Form.Item>
        <Form.Item name="visibilidade" label={t('campos:visibilidade')}>
          <Select options={VISIBILIDADES_EVENTO.map((v) => ({ value: v, label: t(`eventos:visibilidades.${v}`) }))} />
        </Form.Item>
        <Form.Item name="descricao" label={t('campos:descricao')}>
          <Input.TextArea rows={4} maxLength={4000} />
        </Form.Item>
      </Form>
    </PaginaDeFormulario>
  );
}
