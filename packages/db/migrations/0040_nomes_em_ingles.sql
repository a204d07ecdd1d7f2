ALTER TABLE "cargo" ADD COLUMN "nome_en" text;--> statement-breakpoint
ALTER TABLE "grau_parentesco" ADD COLUMN "nome_en" text;--> statement-breakpoint
ALTER TABLE "profissao" ADD COLUMN "nome_en" text;--> statement-breakpoint
ALTER TABLE "setor" ADD COLUMN "nome_en" text;--> statement-breakpoint
ALTER TABLE "situacao" ADD COLUMN "nome_en" text;--> statement-breakpoint
ALTER TABLE "tipo_celebracao_oficio" ADD COLUMN "nome_en" text;--> statement-breakpoint
ALTER TABLE "tipo_moradia" ADD COLUMN "nome_en" text;--> statement-breakpoint
ALTER TABLE "tipo_pessoa" ADD COLUMN "nome_en" text;--> statement-breakpoint
ALTER TABLE "pais" ADD COLUMN "nome_en" text;--> statement-breakpoint
ALTER TABLE "tipo_campo_trabalho" ADD COLUMN "nome_en" text;--> statement-breakpoint
ALTER TABLE "tipo_contato" ADD COLUMN "nome_en" text;--> statement-breakpoint
ALTER TABLE "tipo_endereco" ADD COLUMN "nome_en" text;--> statement-breakpoint
ALTER TABLE "tipo_organizacao" ADD COLUMN "nome_en" text;--> statement-breakpoint
-- The seeded rows' English labels (issue 18); a row renamed since keeps none and reads as its name.
CREATE TEMP TABLE nomes_en (nome text PRIMARY KEY, nome_en text NOT NULL);--> statement-breakpoint
INSERT INTO nomes_en VALUES
  ('Igreja', 'Church'),
  ('Sínodo', 'Synod'),
  ('Paróquia', 'Parish'),
  ('Comunidade', 'Community'),
  ('Organização', 'Organization'),
  ('Brasil', 'Brazil'),
  ('Residencial', 'Home'),
  ('Comercial', 'Business'),
  ('Correspondência', 'Mailing'),
  ('Sede', 'Headquarters'),
  ('Telefone', 'Phone'),
  ('Celular', 'Mobile phone'),
  ('E-mail', 'E-mail'),
  ('Site', 'Website'),
  ('Educação', 'Education'),
  ('Diaconia', 'Diakonia'),
  ('Missão', 'Mission'),
  ('Juventude', 'Youth'),
  ('Música', 'Music'),
  ('Membro', 'Member'),
  ('Não membro', 'Non-member'),
  ('Visitante', 'Visitor'),
  ('Ativo', 'Active'),
  ('Inativo', 'Inactive'),
  ('Falecido', 'Deceased'),
  ('Transferido', 'Transferred'),
  ('Cônjuge', 'Spouse'),
  ('Filho(a)', 'Child'),
  ('Pai', 'Father'),
  ('Mãe', 'Mother'),
  ('Pai/Mãe', 'Parent'),
  ('Irmão(ã)', 'Sibling'),
  ('Avô/Avó', 'Grandparent'),
  ('Neto(a)', 'Grandchild'),
  ('Batismo', 'Baptism'),
  ('Confirmação', 'Confirmation'),
  ('Casamento', 'Wedding'),
  ('Sepultamento', 'Burial'),
  ('Bênção', 'Blessing'),
  ('Própria', 'Owned'),
  ('Alugada', 'Rented'),
  ('Cedida', 'Lent'),
  ('Presidente', 'President'),
  ('Vice-presidente', 'Vice-president'),
  ('Secretário(a)', 'Secretary'),
  ('Tesoureiro(a)', 'Treasurer'),
  ('Conselheiro(a)', 'Councillor'),
  ('Agricultor(a)', 'Farmer'),
  ('Professor(a)', 'Teacher'),
  ('Comerciante', 'Shopkeeper'),
  ('Estudante', 'Student'),
  ('Aposentado(a)', 'Retired'),
  ('Secretaria', 'Office'),
  ('Tesouraria', 'Treasury'),
  ('Comunicação', 'Communication');--> statement-breakpoint
UPDATE "cargo" r SET nome_en = n.nome_en FROM nomes_en n WHERE r.nome = n.nome AND r.nome_en IS NULL;--> statement-breakpoint
UPDATE "grau_parentesco" r SET nome_en = n.nome_en FROM nomes_en n WHERE r.nome = n.nome AND r.nome_en IS NULL;--> statement-breakpoint
UPDATE "profissao" r SET nome_en = n.nome_en FROM nomes_en n WHERE r.nome = n.nome AND r.nome_en IS NULL;--> statement-breakpoint
UPDATE "setor" r SET nome_en = n.nome_en FROM nomes_en n WHERE r.nome = n.nome AND r.nome_en IS NULL;--> statement-breakpoint
UPDATE "situacao" r SET nome_en = n.nome_en FROM nomes_en n WHERE r.nome = n.nome AND r.nome_en IS NULL;--> statement-breakpoint
UPDATE "tipo_celebracao_oficio" r SET nome_en = n.nome_en FROM nomes_en n WHERE r.nome = n.nome AND r.nome_en IS NULL;--> statement-breakpoint
UPDATE "tipo_moradia" r SET nome_en = n.nome_en FROM nomes_en n WHERE r.nome = n.nome AND r.nome_en IS NULL;--> statement-breakpoint
UPDATE "tipo_pessoa" r SET nome_en = n.nome_en FROM nomes_en n WHERE r.nome = n.nome AND r.nome_en IS NULL;--> statement-breakpoint
UPDATE "pais" r SET nome_en = n.nome_en FROM nomes_en n WHERE r.nome = n.nome AND r.nome_en IS NULL;--> statement-breakpoint
UPDATE "tipo_campo_trabalho" r SET nome_en = n.nome_en FROM nomes_en n WHERE r.nome = n.nome AND r.nome_en IS NULL;--> statement-breakpoint
UPDATE "tipo_contato" r SET nome_en = n.nome_en FROM nomes_en n WHERE r.nome = n.nome AND r.nome_en IS NULL;--> statement-breakpoint
UPDATE "tipo_endereco" r SET nome_en = n.nome_en FROM nomes_en n WHERE r.nome = n.nome AND r.nome_en IS NULL;--> statement-breakpoint
UPDATE "tipo_organizacao" r SET nome_en = n.nome_en FROM nomes_en n WHERE r.nome = n.nome AND r.nome_en IS NULL;--> statement-breakpoint
DROP TABLE nomes_en;
