import {
  BankOutlined,
  BookOutlined,
  CalendarOutlined,
  DollarOutlined,
  FileTextOutlined,
  FolderOutlined,
  GiftOutlined,
  HeartOutlined,
  HomeOutlined,
  InfoCircleOutlined,
  MailOutlined,
  MessageOutlined,
  PaperClipOutlined,
  PhoneOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  StarOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { SimboloIcone } from '@sig/contracts';
import type { ComponentType } from 'react';

/** The bundled icon set (contracts SIMBOLOS_ICONE) drawn with antd's icons; a chunk of its own. */
const GLIFOS: Record<SimboloIcone, ComponentType<{ 'aria-hidden'?: boolean }>> = {
  duvida: QuestionCircleOutlined,
  documento: FileTextOutlined,
  financeiro: DollarOutlined,
  pessoa: UserOutlined,
  igreja: HomeOutlined,
  evento: CalendarOutlined,
  ferramenta: ToolOutlined,
  mensagem: MessageOutlined,
  grupo: TeamOutlined,
  email: MailOutlined,
  telefone: PhoneOutlined,
  alerta: WarningOutlined,
  informacao: InfoCircleOutlined,
  certificado: SafetyCertificateOutlined,
  livro: BookOutlined,
  pasta: FolderOutlined,
  anexo: PaperClipOutlined,
  configuracao: SettingOutlined,
  presente: GiftOutlined,
  coracao: HeartOutlined,
  estrela: StarOutlined,
  educacao: ReadOutlined,
  predio: BankOutlined,
  calendario: ScheduleOutlined,
};

export default function Glifos({ simbolo }: { simbolo: string }) {
  const Componente = GLIFOS[simbolo as SimboloIcone];
  // Decorative: the icon's name is always written beside it.
  return Componente ? <Componente aria-hidden /> : null;
}
