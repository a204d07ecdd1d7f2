// Every namespace of both languages; a new namespace file is added here (scripts/check-i18n.mjs checks parity).
import enAtendimentos from '../locales/en/atendimentos.json' with { type: 'json' };
import enCampos from '../locales/en/campos.json' with { type: 'json' };
import enCemiterios from '../locales/en/cemiterios.json' with { type: 'json' };
import enCobrancas from '../locales/en/cobrancas.json' with { type: 'json' };
import enComum from '../locales/en/comum.json' with { type: 'json' };
import enConfiguracoes from '../locales/en/configuracoes.json' with { type: 'json' };
import enConta from '../locales/en/conta.json' with { type: 'json' };
import enCrud from '../locales/en/crud.json' with { type: 'json' };
import enCultos from '../locales/en/cultos.json' with { type: 'json' };
import enDons from '../locales/en/dons.json' with { type: 'json' };
import enEmail from '../locales/en/email.json' with { type: 'json' };
import enErros from '../locales/en/erros.json' with { type: 'json' };
import enEtiquetas from '../locales/en/etiquetas.json' with { type: 'json' };
import enEventos from '../locales/en/eventos.json' with { type: 'json' };
import enFinanceiro from '../locales/en/financeiro.json' with { type: 'json' };
import enInicio from '../locales/en/inicio.json' with { type: 'json' };
import enLotes from '../locales/en/lotes.json' with { type: 'json' };
import enMenu from '../locales/en/menu.json' with { type: 'json' };
import enMigracao from '../locales/en/migracao.json' with { type: 'json' };
import enMinisterios from '../locales/en/ministerios.json' with { type: 'json' };
import enOficios from '../locales/en/oficios.json' with { type: 'json' };
import enOrganizacoes from '../locales/en/organizacoes.json' with { type: 'json' };
import enPendencias from '../locales/en/pendencias.json' with { type: 'json' };
import enPessoas from '../locales/en/pessoas.json' with { type: 'json' };
import enPublico from '../locales/en/publico.json' with { type: 'json' };
import enRelatorios from '../locales/en/relatorios.json' with { type: 'json' };
import enSistema from '../locales/en/sistema.json' with { type: 'json' };
import enUsuarios from '../locales/en/usuarios.json' with { type: 'json' };
import enValidacao from '../locales/en/validacao.json' with { type: 'json' };
import ptAtendimentos from '../locales/pt-BR/atendimentos.json' with { type: 'json' };
import ptCampos from '../locales/pt-BR/campos.json' with { type: 'json' };
import ptCemiterios from '../locales/pt-BR/cemiterios.json' with { type: 'json' };
import ptCobrancas from '../locales/pt-BR/cobrancas.json' with { type: 'json' };
import ptComum from '../locales/pt-BR/comum.json' with { type: 'json' };
import ptConfiguracoes from '../locales/pt-BR/configuracoes.json' with { type: 'json' };
import ptConta from '../locales/pt-BR/conta.json' with { type: 'json' };
import ptCrud from '../locales/pt-BR/crud.json' with { type: 'json' };
import ptCultos from '../locales/pt-BR/cultos.json' with { type: 'json' };
import ptDons from '../locales/pt-BR/dons.json' with { type: 'json' };
import ptEmail from '../locales/pt-BR/email.json' with { type: 'json' };
import ptErros from '../locales/pt-BR/erros.json' with { type: 'json' };
import ptEtiquetas from '../locales/pt-BR/etiquetas.json' with { type: 'json' };
import ptEventos from '../locales/pt-BR/eventos.json' with { type: 'json' };
import ptFinanceiro from '../locales/pt-BR/financeiro.json' with { type: 'json' };
import ptInicio from '../locales/pt-BR/inicio.json' with { type: 'json' };
import ptLotes from '../locales/pt-BR/lotes.json' with { type: 'json' };
import ptMenu from '../locales/pt-BR/menu.json' with { type: 'json' };
import ptMigracao from '../locales/pt-BR/migracao.json' with { type: 'json' };
import ptMinisterios from '../locales/pt-BR/ministerios.json' with { type: 'json' };
import ptOficios from '../locales/pt-BR/oficios.json' with { type: 'json' };
import ptOrganizacoes from '../locales/pt-BR/organizacoes.json' with { type: 'json' };
import ptPendencias from '../locales/pt-BR/pendencias.json' with { type: 'json' };
import ptPessoas from '../locales/pt-BR/pessoas.json' with { type: 'json' };
import ptPublico from '../locales/pt-BR/publico.json' with { type: 'json' };
import ptRelatorios from '../locales/pt-BR/relatorios.json' with { type: 'json' };
import ptSistema from '../locales/pt-BR/sistema.json' with { type: 'json' };
import ptUsuarios from '../locales/pt-BR/usuarios.json' with { type: 'json' };
import ptValidacao from '../locales/pt-BR/validacao.json' with { type: 'json' };

export const recursos = {
  'pt-BR': {
    atendimentos: ptAtendimentos,
    campos: ptCampos,
    cemiterios: ptCemiterios,
    cobrancas: ptCobrancas,
    comum: ptComum,
    configuracoes: ptConfiguracoes,
    conta: ptConta,
    crud: ptCrud,
    cultos: ptCultos,
    dons: ptDons,
    email: ptEmail,
    erros: ptErros,
    etiquetas: ptEtiquetas,
    eventos: ptEventos,
    financeiro: ptFinanceiro,
    inicio: ptInicio,
    lotes: ptLotes,
    migracao: ptMigracao,
    ministerios: ptMinisterios,
    menu: ptMenu,
    oficios: ptOficios,
    organizacoes: ptOrganizacoes,
    pendencias: ptPendencias,
    pessoas: ptPessoas,
    publico: ptPublico,
    relatorios: ptRelatorios,
    sistema: ptSistema,
    usuarios: ptUsuarios,
    validacao: ptValidacao,
  },
  en: {
    atendimentos: enAtendimentos,
    campos: enCampos,
    cemiterios: enCemiterios,
    cobrancas: enCobrancas,
    comum: enComum,
    configuracoes: enConfiguracoes,
    conta: enConta,
    crud: enCrud,
    cultos: enCultos,
    dons: enDons,
    email: enEmail,
    erros: enErros,
    etiquetas: enEtiquetas,
    eventos: enEventos,
    financeiro: enFinanceiro,
    inicio: enInicio,
    lotes: enLotes,
    migracao: enMigracao,
    ministerios: enMinisterios,
    menu: enMenu,
    oficios: enOficios,
    organizacoes: enOrganizacoes,
    pendencias: enPendencias,
    pessoas: enPessoas,
    publico: enPublico,
    relatorios: enRelatorios,
    sistema: enSistema,
    usuarios: enUsuarios,
    validacao: enValidacao,
  },
} as const;
