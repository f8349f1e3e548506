// The demo club: a believable set of members, offers, likes and conversations for an empty
// database, so a new person sees a living board at once. Deterministic for a given `now` and
// random source; written in one transaction, so a failure leaves the database empty.
import {
  cpfCheckDigits,
  inSaoPaulo,
  INTERESTS,
  LIMITS,
  OFFER_CATEGORIES,
  PLAN_RANK,
  PROFESSIONAL_ACTIVITIES,
  SPONSOR_FILTERS,
  type OfferTypeName,
  type PlanName,
  type PostTypeName,
} from "@clube-coroa/schema";
import type { Prisma, PrismaClient } from "../generated/prisma/client.js";

/** E.164 digits without '+'. */
export const DEMO_SUPERUSER_PHONE = "5511900000001";

export interface SeedDemoOptions {
  now?: Date;
  random?: () => number;
}

export interface SeedDemoCounts {
  users: number;
  offers: number;
  conversations: number;
  messages: number;
  likes: number;
}

const SEED = 0xc0c0a_2024;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Small, fast, good-enough PRNG (mulberry32). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// Reference data
// ---------------------------------------------------------------------------------------------

interface City {
  city: string;
  uf: string;
  ddd: number;
  /** Range of the first five CEP digits. */
  cep: [number, number];
  hoods: string[];
}

const CITIES: City[] = [
  { city: "São Paulo", uf: "SP", ddd: 11, cep: [1001, 5899], hoods: ["Pinheiros", "Vila Mariana", "Moema", "Tatuapé", "Santana", "Perdizes"] },
  { city: "Campinas", uf: "SP", ddd: 19, cep: [13010, 13099], hoods: ["Cambuí", "Taquaral", "Barão Geraldo"] },
  { city: "Santos", uf: "SP", ddd: 13, cep: [11010, 11099], hoods: ["Gonzaga", "Boqueirão", "Ponta da Praia"] },
  { city: "Ribeirão Preto", uf: "SP", ddd: 16, cep: [14010, 14099], hoods: ["Jardim Botânico", "Centro", "Jardim Irajá"] },
  { city: "Rio de Janeiro", uf: "RJ", ddd: 21, cep: [20010, 23099], hoods: ["Tijuca", "Botafogo", "Copacabana", "Méier", "Barra da Tijuca"] },
  { city: "Niterói", uf: "RJ", ddd: 21, cep: [24010, 24360], hoods: ["Icaraí", "Santa Rosa", "São Francisco"] },
  { city: "Belo Horizonte", uf: "MG", ddd: 31, cep: [30110, 31999], hoods: ["Savassi", "Funcionários", "Pampulha", "Santa Efigênia"] },
  { city: "Uberlândia", uf: "MG", ddd: 34, cep: [38400, 38414], hoods: ["Santa Mônica", "Centro", "Tibery"] },
  { city: "Juiz de Fora", uf: "MG", ddd: 32, cep: [36010, 36099], hoods: ["São Mateus", "Centro", "Alto dos Passos"] },
  { city: "Vitória", uf: "ES", ddd: 27, cep: [29010, 29099], hoods: ["Jardim da Penha", "Praia do Canto", "Jardim Camburi"] },
  { city: "Curitiba", uf: "PR", ddd: 41, cep: [80010, 82999], hoods: ["Batel", "Água Verde", "Santa Felicidade", "Bigorrilho"] },
  { city: "Londrina", uf: "PR", ddd: 43, cep: [86010, 86099], hoods: ["Gleba Palhano", "Centro", "Jardim Higienópolis"] },
  { city: "Florianópolis", uf: "SC", ddd: 48, cep: [88010, 88099], hoods: ["Trindade", "Lagoa da Conceição", "Centro", "Córrego Grande"] },
  { city: "Joinville", uf: "SC", ddd: 47, cep: [89201, 89239], hoods: ["América", "Glória", "Atiradores"] },
  { city: "Porto Alegre", uf: "RS", ddd: 51, cep: [90010, 91999], hoods: ["Moinhos de Vento", "Cidade Baixa", "Menino Deus", "Petrópolis"] },
  { city: "Caxias do Sul", uf: "RS", ddd: 54, cep: [95010, 95099], hoods: ["São Pelegrino", "Centro", "Exposição"] },
  { city: "Salvador", uf: "BA", ddd: 71, cep: [40010, 42499], hoods: ["Barra", "Rio Vermelho", "Pituba", "Itapuã"] },
  { city: "Feira de Santana", uf: "BA", ddd: 75, cep: [44001, 44099], hoods: ["Centro", "Santa Mônica", "Capuchinhos"] },
  { city: "Recife", uf: "PE", ddd: 81, cep: [50010, 52999], hoods: ["Boa Viagem", "Casa Forte", "Graças", "Espinheiro"] },
  { city: "Fortaleza", uf: "CE", ddd: 85, cep: [60010, 61599], hoods: ["Aldeota", "Meireles", "Benfica", "Messejana"] },
  { city: "Natal", uf: "RN", ddd: 84, cep: [59010, 59159], hoods: ["Ponta Negra", "Tirol", "Lagoa Nova"] },
  { city: "João Pessoa", uf: "PB", ddd: 83, cep: [58010, 58099], hoods: ["Manaíra", "Tambaú", "Bancários"] },
  { city: "Maceió", uf: "AL", ddd: 82, cep: [57010, 57099], hoods: ["Ponta Verde", "Pajuçara", "Jatiúca"] },
  { city: "Aracaju", uf: "SE", ddd: 79, cep: [49010, 49099], hoods: ["Atalaia", "Jardins", "Grageru"] },
  { city: "Teresina", uf: "PI", ddd: 86, cep: [64000, 64099], hoods: ["Fátima", "Jóquei", "Centro"] },
  { city: "São Luís", uf: "MA", ddd: 98, cep: [65010, 65099], hoods: ["Renascença", "Calhau", "Ponta d'Areia"] },
  { city: "Belém", uf: "PA", ddd: 91, cep: [66010, 66999], hoods: ["Nazaré", "Umarizal", "Batista Campos"] },
  { city: "Manaus", uf: "AM", ddd: 92, cep: [69005, 69099], hoods: ["Adrianópolis", "Ponta Negra", "Parque 10 de Novembro"] },
  { city: "Porto Velho", uf: "RO", ddd: 69, cep: [76801, 76834], hoods: ["Olaria", "Centro", "Nova Porto Velho"] },
  { city: "Rio Branco", uf: "AC", ddd: 68, cep: [69900, 69923], hoods: ["Bosque", "Centro", "Estação Experimental"] },
  { city: "Macapá", uf: "AP", ddd: 96, cep: [68900, 68911], hoods: ["Centro", "Trem", "Jardim Marco Zero"] },
  { city: "Boa Vista", uf: "RR", ddd: 95, cep: [69301, 69339], hoods: ["Centro", "Caçari", "Paraviana"] },
  { city: "Palmas", uf: "TO", ddd: 63, cep: [77001, 77099], hoods: ["Plano Diretor Sul", "Plano Diretor Norte", "Taquaralto"] },
  { city: "Goiânia", uf: "GO", ddd: 62, cep: [74000, 74999], hoods: ["Setor Bueno", "Setor Marista", "Setor Oeste"] },
  { city: "Brasília", uf: "DF", ddd: 61, cep: [70000, 72799], hoods: ["Asa Sul", "Asa Norte", "Sudoeste", "Lago Sul"] },
  { city: "Cuiabá", uf: "MT", ddd: 65, cep: [78005, 78099], hoods: ["Goiabeiras", "Jardim das Américas", "Centro Norte"] },
  { city: "Campo Grande", uf: "MS", ddd: 67, cep: [79002, 79124], hoods: ["Jardim dos Estados", "Centro", "Tiradentes"] },
];
const cityNamed = (name: string) => CITIES.find((c) => c.city === name)!;

const STREETS = [
  "Rua das Acácias", "Rua Sete de Setembro", "Avenida Brasil", "Rua Tiradentes", "Rua Dom Pedro II",
  "Rua das Palmeiras", "Avenida Getúlio Vargas", "Rua Santos Dumont", "Rua Quinze de Novembro",
  "Rua Marechal Deodoro", "Rua Castro Alves", "Rua Rui Barbosa", "Avenida Juscelino Kubitschek",
  "Rua José de Alencar", "Rua Barão do Rio Branco", "Rua Cecília Meireles", "Rua Anita Garibaldi",
];

const COMPLEMENTS = ["Apto 32", "Apto 104", "Casa 2", "Sala 1204", "Bloco B, apto 71", "Fundos", "Loja 3"];

/** [full name, nickname]; the first 35 become the complete profiles. */
const NAMES: [string, string][] = [
  ["Ana Paula Ferreira Souza", "Ana Paula"],
  ["Mariana Costa Ribeiro", "Mari"],
  ["Juliana Almeida Santos", "Ju"],
  ["Fernanda Lima Carvalho", "Fê"],
  ["Patrícia Gomes Oliveira", "Paty"],
  ["Camila Rodrigues Martins", "Camila"],
  ["Luciana Barbosa Pereira", "Lu"],
  ["Renata Araújo Nogueira", "Renata"],
  ["Beatriz Mendes Rocha", "Bia"],
  ["Gabriela Teixeira Dias", "Gabi"],
  ["Aline Cardoso Moreira", "Aline"],
  ["Vanessa Pinto Azevedo", "Van"],
  ["Tatiane Freitas Lopes", "Tati"],
  ["Priscila Monteiro Cunha", "Pri"],
  ["Daniela Correia Batista", "Dani"],
  ["Cláudia Ramos Vieira", "Cláudia"],
  ["Simone Duarte Farias", "Si"],
  ["Adriana Moura Castro", "Dri"],
  ["Cristina Cavalcanti Melo", "Cris"],
  ["Letícia Barros Fonseca", "Lê"],
  ["Larissa Nascimento Prado", "Lari"],
  ["Natália Campos Siqueira", "Nati"],
  ["Raquel Andrade Brito", "Raquel"],
  ["Sandra Macedo Pires", "Sandra"],
  ["Márcia Tavares Leal", "Márcia"],
  ["Joana Sousa Lima", "Jô"],
  ["Francisca das Chagas Silva", "Chica"],
  ["Maria Eduarda Bezerra", "Duda"],
  ["Rosângela Xavier Coelho", "Rô"],
  ["Helena Sampaio Guimarães", "Helena"],
  ["Isabela Fontes Rezende", "Isa"],
  ["Débora Antunes Queiroz", "Debs"],
  ["Kátia Magalhães Peixoto", "Kátia"],
  ["Thaís Vasconcelos Amaral", "Thaís"],
  ["Elaine Brandão Figueiredo", "Elaine"],
];

const MINI_BIOS = [
  "Empreendedora há {anos} anos em {cidade}, comando um ateliê de moda autoral com foco em peças atemporais e produção local. Acredito em rede, troca e crescimento coletivo: quando uma mulher cresce, puxa outras junto.",
  "Mãe, confeiteira e apaixonada por festas bem feitas. Transformei a cozinha de casa em uma confeitaria que hoje atende toda {cidade}. No clube, busco parcerias com decoradoras, fotógrafas e quem mais quiser criar junto.",
  "Consultora de {atividade} há {anos} anos. Ajudo pequenas empresas a organizar a casa, vender melhor e crescer sem perder a essência. Adoro uma boa conversa e um bom café.",
  "Fotógrafa de marcas e retratos femininos em {cidade}. Meu trabalho é mostrar a mulher por trás do negócio. Topo collabs criativas e ensaios coletivos.",
  "Nutricionista e terapeuta integrativa. Cuido de quem cuida de tudo: empreendedoras que precisam de energia, rotina e leveza. Atendo online e presencialmente em {cidade}.",
  "Advogada que virou empreendedora. Hoje ensino mulheres a proteger o próprio negócio com contratos simples, marca registrada e muita informação de qualidade.",
  "Criadora de uma marca de cosméticos naturais feitos à mão em {cidade}. Sustentabilidade não é tendência, é o jeito como eu trabalho. Amo trocar experiências com outras marcas pequenas.",
  "Especialista em {atividade}, palestrante e mentora. Já ajudei mais de 300 mulheres a tirarem seus projetos do papel. No Clube Coroa, quero retribuir tudo o que a rede me deu.",
  "Artesã, ceramista e professora de oficinas criativas. Meu ateliê em {cidade} é um espaço de encontro, criação e acolhimento para mulheres de todas as idades.",
  "Desenvolvedora e fundadora de uma pequena agência digital só de mulheres. Fazemos sites, lojas virtuais e automações para negócios que querem vender mais pela internet.",
  "Produtora de eventos há {anos} anos. Organizo feiras, encontros e experiências que colocam marcas femininas em evidência em {cidade} e região.",
];

// ---------------------------------------------------------------------------------------------
// Offer templates: placeholders {cidade}, {uf}
// ---------------------------------------------------------------------------------------------

interface OfferTemplate {
  postType: PostTypeName;
  type: OfferTypeName;
  categories: string[];
  titles: string[];
  descriptions: string[];
  urgent?: boolean;
}

const OFFER_TEMPLATES: OfferTemplate[] = [
  // collab, oferta
  {
    postType: "oferta",
    type: "collab",
    categories: ["Fotografia", "Moda", "Joias e Acessórios", "Redes Sociais"],
    titles: ["Ensaio fotográfico colaborativo para marcas de moda autoral", "Fotógrafa convida marcas para ensaio collab em {cidade}"],
    descriptions: [
      "Sou fotógrafa de produto e retrato e estou montando um ensaio colaborativo para o próximo mês em {cidade}. A ideia é reunir 3 ou 4 marcas de moda, acessórios e beleza: eu entro com a direção de fotos e a edição, cada marca traz suas peças e dividimos os custos de locação e maquiagem. Todas saem com pelo menos 15 fotos tratadas para usar no site e nas redes. Se a sua marca tem a ver com estilo atemporal e produção local, me chama aqui!",
      "Procuro marcas de moda e acessórios para um ensaio collab. Eu fotografo, vocês trazem as peças e dividimos a locação do estúdio.",
    ],
  },
  {
    postType: "oferta",
    type: "collab",
    categories: ["Confeitaria", "Eventos", "Decoração"],
    titles: ["Kit festa completo: confeitaria + decoração em parceria", "Parceria com decoradoras para pacotes de festa em {cidade}"],
    descriptions: [
      "Tenho uma confeitaria artesanal em {cidade} e recebo muitos pedidos de bolo e doces para aniversários. Quero montar pacotes fechados com uma decoradora de festas (mesa posta, painel e flores) para oferecer às clientes um kit completo. Divulgamos juntas, cada uma emite sua nota e indicamos uma à outra. Já tenho cardápio pronto e fotos profissionais dos doces.",
      "Confeiteira em {cidade} buscando parceria com decoradoras para vender kits de festa completos, com divulgação conjunta.",
    ],
  },
  {
    postType: "oferta",
    type: "collab",
    categories: ["Finanças", "Redes Sociais", "Educação"],
    titles: ["Live conjunta: finanças descomplicadas para empreendedoras", "Série de lives sobre precificação e fluxo de caixa"],
    descriptions: [
      "Sou consultora financeira e quero fazer uma série de 4 lives no Instagram com outras empreendedoras do clube. Cada live junta a minha parte (precificação, fluxo de caixa, separar as contas de pessoa física e jurídica) com a experiência real de quem vive o dia a dia do negócio. A gente soma audiências, gera conteúdo e ainda ajuda outras mulheres. Procuro parceiras de qualquer área que topem contar sua história.",
    ],
  },
  {
    postType: "oferta",
    type: "collab",
    categories: ["Nutrição", "Bem-estar", "Terapias Integrativas"],
    titles: ["Workshop presencial de bem-estar e alimentação consciente", "Vamos criar juntas um dia de autocuidado em {cidade}?"],
    descriptions: [
      "Sou nutricionista e estou organizando um workshop de sábado em {cidade} sobre alimentação e rotina para mulheres que empreendem. Busco parceiras de yoga, massoterapia ou terapias integrativas para montar um dia completo de autocuidado. Dividimos o espaço, a divulgação e a receita dos ingressos de forma proporcional. Já tenho um espaço parceiro com capacidade para 30 pessoas e um café da manhã saudável incluso.",
    ],
  },
  {
    postType: "oferta",
    type: "collab",
    categories: ["Artesanato", "Cosméticos", "E-commerce", "Papelaria"],
    titles: ["Box colaborativa de presentes com marcas do clube", "Caixa presente só com produtos de empreendedoras do clube"],
    descriptions: [
      "Quero montar uma box de presentes só com marcas de mulheres do clube: velas, sabonetes artesanais, papelaria, chocolates, bijuterias... Cada marca entra com um item e eu cuido da curadoria, da embalagem e da venda pelo meu e-commerce. O lucro é dividido de acordo com o custo de cada produto e todas as marcas aparecem no cartão que vai dentro da caixa. Ideal para quem quer ganhar visibilidade com um público novo.\n\nEnvio para todo o Brasil a partir de {cidade}. A primeira edição sai para o Dia das Mães, então as inscrições vão até o fim do mês!",
    ],
  },
  // collab, pedido
  {
    postType: "pedido",
    type: "collab",
    categories: ["Moda", "Design", "Costura"],
    titles: ["Procuro designer de moda para coleção cápsula em parceria", "Busco costureira parceira para coleção cápsula"],
    descriptions: [
      "Tenho uma marca de bolsas de couro ecológico e quero lançar uma coleção cápsula de roupas que combinem com as peças. Procuro uma designer ou costureira que queira criar comigo, assinando a coleção juntas e dividindo os resultados das vendas. Tenho loja virtual com bom movimento e 8 mil seguidoras engajadas.",
    ],
  },
  {
    postType: "pedido",
    type: "collab",
    categories: ["Maternidade", "Audiovisual", "Comunicação"],
    titles: ["Busco parceira para podcast sobre maternidade e carreira", "Coapresentadora para podcast de mães empreendedoras"],
    descriptions: [
      "Estou tirando do papel um podcast quinzenal sobre maternidade, carreira e os malabarismos de empreender com filhos pequenos. Já tenho microfones e um estúdio parceiro em {cidade}. Procuro uma coapresentadora que tope gravar comigo (presencial ou online) e dividir a produção das pautas. A ideia é monetizar com patrocínio de marcas de mulheres.",
    ],
  },
  {
    postType: "pedido",
    type: "collab",
    categories: ["Eventos", "Empreendedorismo", "Gastronomia"],
    titles: ["Feira de empreendedoras em {cidade}: procuro coorganizadoras", "Vamos organizar juntas uma feira de marcas femininas?"],
    descriptions: [
      "Quero organizar uma feira de marcas femininas em {cidade} no próximo trimestre, com expositoras de gastronomia, moda, artesanato e beleza. Procuro coorganizadoras para dividir as tarefas: captação de expositoras, divulgação, negociação do espaço e programação de palestras. O resultado será dividido entre as organizadoras.\n\nJá tenho contato com um espaço cultural que cede o local em troca de divulgação, e uma fotógrafa que topou registrar tudo.",
    ],
  },
  // permuta, oferta
  {
    postType: "oferta",
    type: "permuta",
    categories: ["Redes Sociais", "Marketing", "Contabilidade"],
    titles: ["Troco gestão de redes sociais por consultoria contábil", "Permuta: social media em troca de contabilidade para MEI"],
    descriptions: [
      "Sou social media há 6 anos e atendo pequenos negócios. Ofereço 1 mês de gestão de Instagram (12 posts, roteiro de reels e calendário editorial) em troca de consultoria contábil para organizar a transição de MEI para ME. Atendimento online, então pode ser de qualquer lugar do Brasil.",
    ],
  },
  {
    postType: "oferta",
    type: "permuta",
    categories: ["Fotografia", "Design"],
    titles: ["Fotos de produto em troca de identidade visual", "Ofereço ensaio de produtos em permuta com designer"],
    descriptions: [
      "Ofereço um ensaio de até 20 produtos com fundo infinito e tratamento de imagem em troca da criação de uma identidade visual (logo, paleta e tipografia) para o meu estúdio. Estou em {cidade}, mas você pode me enviar os produtos pelos Correios.",
      "Fotografo até 20 produtos seus em troca de uma identidade visual para o meu estúdio.",
    ],
  },
  {
    postType: "oferta",
    type: "permuta",
    categories: ["Idiomas", "Educação", "Estética"],
    titles: ["Aulas de inglês em troca de procedimentos estéticos", "Permuta: inglês para negócios por limpeza de pele"],
    descriptions: [
      "Sou professora de inglês com foco em conversação para negócios. Proponho 8 aulas online de 1 hora em troca de sessões de limpeza de pele ou drenagem em {cidade}. Ótimo para quem quer atender clientes estrangeiras ou viajar a trabalho.",
    ],
  },
  {
    postType: "oferta",
    type: "permuta",
    categories: ["Limpeza", "Desenvolvimento de Software", "Decoração"],
    titles: ["Organização de casa ou escritório em troca de um site", "Troco consultoria de organização por desenvolvimento de site"],
    descriptions: [
      "Sou personal organizer e ofereço a organização completa de um closet, cozinha ou escritório em {cidade} em troca de um site simples (uma página com portfólio, depoimentos e botão de WhatsApp). Posso ajudar com os textos e as fotos.",
    ],
  },
  {
    postType: "oferta",
    type: "permuta",
    categories: ["Beleza", "Redes Sociais", "Fotografia"],
    titles: ["Maquiagem para ensaio ou evento em troca de divulgação", "Permuta de maquiagem social por conteúdo nas redes"],
    descriptions: [
      "Maquiadora em {cidade}: faço sua make para evento ou ensaio em troca de fotos e marcação nas redes sociais.",
      "Sou maquiadora há 10 anos e quero fortalecer meu portfólio de noivas e ensaios. Ofereço uma maquiagem completa (com cílios) em troca de divulgação: um post no feed e stories marcando meu perfil, além do uso das fotos no meu portfólio. Atendo em domicílio em {cidade} e região.",
    ],
  },
  {
    postType: "oferta",
    type: "permuta",
    categories: ["Tradução", "Idiomas", "Artesanato"],
    titles: ["Ofereço tradução inglês/espanhol em troca de produtos artesanais", "Tradução de catálogo em permuta com artesãs"],
    descriptions: [
      "Sou tradutora e intérprete (inglês e espanhol). Ofereço a tradução de um catálogo, site ou apresentação comercial de até 10 páginas em troca de produtos artesanais para a minha casa: cerâmica, cestaria, tecelagem ou quadros. Adoro apoiar o trabalho manual de outras mulheres!",
    ],
  },
  // permuta, pedido
  {
    postType: "pedido",
    type: "permuta",
    categories: ["Gastronomia", "E-commerce", "Tecnologia"],
    titles: ["Preciso de loja virtual e ofereço cestas de café da manhã", "Busco desenvolvedora para e-commerce em permuta"],
    descriptions: [
      "Tenho um negócio de cestas de café da manhã e presentes em {cidade} e preciso sair do pedido só pelo WhatsApp. Procuro alguém que monte uma loja virtual simples (Nuvemshop, Shopify ou similar). Em troca ofereço cestas para você presentear clientes, família ou equipe ao longo do ano, no valor combinado do projeto.",
    ],
  },
  {
    postType: "pedido",
    type: "permuta",
    categories: ["Jurídico", "Vendas", "Consultoria"],
    titles: ["Procuro advogada para revisar contratos; ofereço mentoria de vendas", "Revisão de contrato em troca de mentoria de vendas"],
    descriptions: [
      "Preciso revisar meu contrato de prestação de serviços e os termos de uso do meu curso online. Em troca ofereço 4 encontros de mentoria de vendas (script de WhatsApp, follow-up e fechamento), que é a minha especialidade há 12 anos.",
    ],
  },
  {
    postType: "pedido",
    type: "permuta",
    categories: ["Fotografia", "Confeitaria", "Alimentação"],
    titles: ["Busco fotógrafa para cardápio em troca de doces finos", "Preciso de fotos do cardápio e pago em doces"],
    descriptions: [
      "Estou reformulando o cardápio da minha doceria e preciso de fotos profissionais de uns 25 itens. Ofereço em troca doces finos para um evento seu (até 200 unidades) ou um bolo decorado. Sou de {cidade}.",
    ],
  },
  // apoio, oferta
  {
    postType: "oferta",
    type: "apoio",
    categories: ["Vendas", "Redes Sociais", "Empreendedorismo"],
    titles: ["Mentoria gratuita para quem está começando a vender no Instagram", "Tiro dúvidas sobre vendas pelo Instagram, de graça"],
    descriptions: [
      "Quero retribuir tudo o que aprendi aqui no clube. Vou abrir 5 horários gratuitos de 40 minutos por mês para conversar com quem está começando a vender pelo Instagram: bio, destaques, preço, como responder direct. É só me chamar e contar um pouco do seu negócio.",
      "Abri horários gratuitos para ajudar quem está começando a vender pelo Instagram. Me chama!",
    ],
  },
  {
    postType: "oferta",
    type: "apoio",
    categories: ["Moda", "Sustentabilidade", "Redes Sociais"],
    titles: ["Divulgo brechós e marcas de moda circular no meu perfil", "Espaço gratuito para brechós do clube no meu Instagram"],
    descriptions: [
      "Tenho um perfil sobre consumo consciente com um público bem engajado e quero dar espaço para brechós e marcas de moda circular de mulheres do clube. Toda sexta faço um post coletivo com indicações. Sem custo nenhum, é só me mandar fotos e o link da loja.",
    ],
  },
  {
    postType: "oferta",
    type: "apoio",
    categories: ["Psicologia", "Maternidade", "Bem-estar"],
    titles: ["Roda de conversa online para mães empreendedoras", "Acolhimento gratuito para mães que empreendem"],
    descriptions: [
      "Sou psicóloga e mãe de dois. Todo último domingo do mês faço uma roda de conversa online e gratuita para mães que empreendem: culpa, rotina, limites e saúde mental. Grupos pequenos de até 10 mulheres, com sigilo. Chama que te envio o link.",
    ],
  },
  {
    postType: "oferta",
    type: "apoio",
    categories: ["Finanças", "Empreendedorismo", "Consultoria"],
    titles: ["Planilha gratuita de precificação + tira-dúvidas", "Ensino a precificar produtos e serviços, sem custo"],
    descriptions: [
      "Montei uma planilha de precificação para produtos artesanais e serviços que considera custo de material, hora trabalhada, taxas de cartão e o imposto do MEI. Envio de graça para quem pedir e faço uma chamada rápida para ensinar a preencher.",
      "Tenho uma planilha de precificação simples e gratuita. Quem quiser, me chama que eu envio!",
    ],
  },
  {
    postType: "oferta",
    type: "apoio",
    categories: ["Sustentabilidade", "Logística", "E-commerce"],
    titles: ["Indico fornecedoras de embalagens sustentáveis", "Compras coletivas de embalagens compostáveis"],
    descriptions: [
      "Passei meses testando fornecedoras de embalagens compostáveis, papel kraft e fitas de papel para o meu e-commerce. Compartilho minha lista com preços, prazos e pedido mínimo com quem precisar. Também posso juntar pedidos para conseguirmos desconto no atacado.",
    ],
  },
  {
    postType: "oferta",
    type: "apoio",
    categories: ["Recursos Humanos", "Coaching", "Liderança"],
    titles: ["Revisão gratuita de currículo e LinkedIn para quem está recomeçando", "Ajudo mulheres a voltarem ao mercado de trabalho"],
    descriptions: [
      "Trabalhei 15 anos com recrutamento antes de empreender. Ofereço revisão de currículo e de perfil do LinkedIn para mulheres que estão voltando ao mercado depois da maternidade ou de uma pausa na carreira. Faço por videochamada, sem custo.",
    ],
  },
  {
    postType: "oferta",
    type: "apoio",
    categories: ["E-commerce", "Tecnologia", "Dados e Análise"],
    titles: ["Diagnóstico gratuito da sua loja virtual", "Analiso sua loja online e indico 5 melhorias"],
    descriptions: [
      "Sou analista de e-commerce e ofereço um diagnóstico gratuito da sua loja: velocidade, vitrine, descrição de produtos, frete e funil de vendas. Você recebe um relatório curto com as 5 melhorias prioritárias. Vagas limitadas por semana.",
    ],
  },
  {
    postType: "oferta",
    type: "apoio",
    categories: ["Pets", "Impacto Social"],
    titles: ["Espaço gratuito para feiras de adoção em {cidade}", "Apoio protetoras independentes com espaço e divulgação"],
    descriptions: [
      "Tenho um petshop em {cidade} e abro meu espaço uma vez por mês para feiras de adoção de protetoras independentes. Se você resgata animais e precisa de lugar para a feira ou de divulgação, fale comigo.",
    ],
  },
  // apoio, pedido
  {
    postType: "pedido",
    type: "apoio",
    categories: ["Contabilidade", "Finanças", "Jurídico"],
    titles: ["Indicação de contadora que entenda de MEI e ME", "Alguém indica uma contadora de confiança?"],
    descriptions: [
      "Meu faturamento vai passar do limite do MEI este ano e estou perdida. Alguém indica uma contadora de confiança, de preferência que atenda online e entenda de prestação de serviços? Aceito também dicas de quem já passou por essa transição.",
    ],
  },
  {
    postType: "pedido",
    type: "apoio",
    categories: ["Eventos", "Artesanato"],
    titles: ["Urgente: preciso de espaço para feira de artesanato em {cidade}"],
    urgent: true,
    descriptions: [
      "O espaço que tínhamos reservado para a feira de artesanato deste mês cancelou em cima da hora. Somos 15 artesãs de {cidade} e precisamos de um salão, galpão ou área coberta para um sábado. Podemos oferecer divulgação do local e uma contribuição simbólica. Qualquer indicação ajuda!",
    ],
  },
  {
    postType: "pedido",
    type: "apoio",
    categories: ["Contabilidade", "Empreendedorismo"],
    titles: ["Como emitir nota fiscal como MEI? Preciso de ajuda", "Ajuda com minha primeira nota fiscal de serviço"],
    descriptions: [
      "Fechei meu primeiro contrato com empresa e pediram nota fiscal. Alguém pode me explicar o passo a passo no portal do MEI?",
    ],
  },
  {
    postType: "pedido",
    type: "apoio",
    categories: ["Agricultura", "Impacto Social", "Sustentabilidade"],
    titles: ["Voluntárias para horta comunitária em {cidade}", "Procuro apoio para projeto de horta comunitária"],
    descriptions: [
      "Estamos revitalizando um terreno do bairro para virar uma horta comunitária que vai abastecer uma cozinha solidária. Precisamos de voluntárias aos sábados pela manhã, doação de mudas e ajuda com a divulgação. Quem entende de compostagem ou agrofloresta é muito bem-vinda!",
    ],
  },
  {
    postType: "pedido",
    type: "apoio",
    categories: ["Cosméticos", "Beleza", "Marketing"],
    titles: ["Feedback sobre minha nova linha de cosméticos veganos", "Procuro testadoras para cosméticos naturais"],
    descriptions: [
      "Estou lançando uma linha de cosméticos veganos (sabonete, hidratante e óleo corporal) e queria a opinião sincera de outras mulheres antes de produzir em escala. Envio amostras grátis para 10 pessoas que topem responder um questionário curto.",
    ],
  },
  {
    postType: "pedido",
    type: "apoio",
    categories: ["Costura", "Moda"],
    titles: ["Quem indica fornecedora de tecidos no atacado?", "Indicação de fornecedoras de tecido para ateliê"],
    descriptions: [
      "Estou ampliando meu ateliê de costura em {cidade} e preciso de fornecedoras de tecido (linho, viscose e tricoline) com bom preço no atacado e que enviem para o {uf}. Indicações de quem já comprou são muito bem-vindas.",
    ],
  },
];

/** The club's own posts, published by the superuser. */
const ADMIN_OFFERS: { title: string; description: string; categories: string[] }[] = [
  {
    title: "Boas-vindas! Apresente o seu negócio para o clube",
    description:
      "Chegou agora? Publique a sua primeira proposta contando quem você é, o que faz e que tipo de parceria procura. Toda semana a equipe do Clube Coroa destaca novas associadas nas nossas redes. Quanto mais completo o seu perfil, mais fácil é encontrar parceiras!",
    categories: ["Empreendedorismo", "Comunicação"],
  },
  {
    title: "Encontro online mensal de networking do Clube Coroa",
    description:
      "Toda primeira terça-feira do mês, às 19h, fazemos um encontro online e gratuito para as associadas se conhecerem, apresentarem seus negócios em um minuto e fecharem parcerias. Chame a gente por aqui para receber o link da próxima edição.",
    categories: ["Empreendedorismo", "Liderança", "Eventos"],
  },
];

// ---------------------------------------------------------------------------------------------
// Chat scripts: I = interested member, O = offer owner, alternating, the interested one first.
// Placeholders {dona}, {interessada}, {titulo}, {cidadeI}, {cidadeO}, {atividadeI}.
// ---------------------------------------------------------------------------------------------

const CHATS_OFFER: string[][] = [
  [
    "Oi, {dona}! Tudo bem? Vi sua proposta “{titulo}” e fiquei muito interessada.",
    "Oi, {interessada}! Tudo ótimo, e com você? Que bom! Me conta um pouco do seu negócio.",
    "Tenho uma marca pequena aqui em {cidadeI}, trabalho sozinha há uns dois anos. Acho que tem tudo a ver com o que você propôs.",
    "Adorei! Vou te mandar os detalhes de como funciona. Você tem disponibilidade na semana que vem?",
    "Tenho sim, terça ou quinta à tarde fica ótimo pra mim.",
    "Fechado, quinta às 15h então. Te mando o link da chamada por aqui 😊",
  ],
  [
    "Olá! Ainda está valendo essa proposta?",
    "Oi! Está sim 😊 Quer conversar por chamada ou prefere por aqui?",
    "Por aqui mesmo, obrigada! Vou organizar minhas ideias e já te escrevo.",
  ],
  [
    "Boa tarde, {dona}! Achei incrível a sua ideia. Posso participar?",
    "Boa tarde! Claro que pode, quanto mais mulheres, melhor. Você trabalha com o quê?",
    "Sou da área de {atividadeI}. Acredito que consigo contribuir bastante.",
    "Perfeito, era justamente o que estava faltando. Você já fez alguma parceria assim antes?",
    "Ainda não, seria a primeira vez. Confesso que estou um pouco ansiosa rsrs",
    "Fica tranquila, vamos alinhando tudo com calma. Vou montar um documento com as responsabilidades de cada uma.",
    "Maravilha! Fico no aguardo.",
    "Te mandei por e-mail agora. Dá uma olhada e me diz o que acha 💜",
  ],
  [
    "Oi! Vi que você é de {cidadeO}. Atende online também?",
    "Oi! Atendo sim, a maioria das minhas parceiras hoje é online.",
    "Que ótimo. Então tenho interesse! Como a gente começa?",
    "Me confirma seu e-mail que te envio uma proposta com as datas.",
    "É o mesmo que está no meu perfil. Obrigada desde já!",
  ],
];

const CHATS_REQUEST: string[][] = [
  [
    "Oi, {dona}! Vi seu pedido “{titulo}” e acho que posso te ajudar.",
    "Oi, {interessada}! Que alegria, já estava ficando preocupada. Como você pode ajudar?",
    "Trabalho exatamente com isso. Se quiser, marcamos uma conversa rápida amanhã e te explico como eu faria.",
    "Quero muito! Amanhã às 10h pode ser?",
  ],
  [
    "Olá! Tenho uma indicação pra você. Conheço uma profissional excelente que já me ajudou com algo parecido.",
    "Ah, que maravilha! Pode me passar o contato?",
    "Passo sim! Vou só confirmar com ela se posso compartilhar o WhatsApp e já te mando.",
    "Combinado, obrigada de coração!",
    "Ela autorizou. Já passei o seu contato pra ela também, deve te chamar hoje ainda.",
    "Ela me chamou! Já marcamos uma reunião. Muito obrigada pela ajuda 💜",
    "Imagina! Aqui no clube a gente se ajuda. Depois me conta como foi.",
  ],
  [
    "Bom dia, {dona}! Vi sua publicação e me identifiquei muito.",
    "Bom dia! Que bom, me conta mais.",
    "Passei pela mesma situação no ano passado aqui em {cidadeI}. Posso te contar o que funcionou pra mim.",
    "Por favor! Estou bem perdida com isso.",
    "O primeiro passo foi organizar tudo numa planilha simples. Depois procurei ajuda especializada.",
    "Faz sentido. Você tem algum modelo dessa planilha?",
    "Tenho sim, te mando ainda hoje.",
    "Você é um anjo! Obrigada.",
    "Mandei no seu e-mail. Qualquer dúvida, me chama por aqui.",
    "Recebi! Vou preencher no fim de semana e te conto 😊",
  ],
  [
    "Oi! Ainda precisa de ajuda com isso?",
    "Oi! Preciso sim, ainda não consegui resolver.",
    "Posso te ajudar em forma de permuta ou de apoio mesmo, sem custo. O que for melhor pra você.",
    "Nossa, que generosidade. Vamos conversar por chamada?",
    "Vamos! Me chama quando puder.",
  ],
];

/** The conversations about the club's own posts (ADMIN_OFFERS, same order); odd length, so the member writes last. */
const CHATS_ADMIN: string[][] = [
  [
    "Oi! Acabei de entrar no clube e adorei a proposta de boas-vindas. Já publiquei a minha primeira proposta!",
    "Seja muito bem-vinda, {interessada}! Que alegria ter você aqui 💜 Vamos destacar o seu negócio nas nossas redes esta semana.",
    "Obrigada! Posso mandar uma foto do meu trabalho para sair no destaque?",
  ],
  [
    "Boa noite! Gostaria de receber o link do próximo encontro online.",
    "Boa noite, {interessada}! Claro, o próximo é na primeira terça do mês, às 19h. Envio o link por aqui na véspera.",
    "Perfeito! Posso levar uma amiga que também empreende?",
    "Pode sim! Só peça para ela se cadastrar no clube antes, assim ela já participa das apresentações.",
    "Combinado, vou avisar. Obrigada pela atenção!",
  ],
];

// ---------------------------------------------------------------------------------------------
// Planning in memory, then writing
// ---------------------------------------------------------------------------------------------

interface PlannedUser {
  data: Prisma.UserUncheckedCreateInput & { createdAt: Date; phone: string };
  plan: PlanName;
  complete: boolean;
  city?: City;
  /** Index (in the planned list) of the member who referred her. */
  referredBy?: number;
  id?: number;
}

interface PlannedOffer {
  author: number;
  data: Omit<Prisma.OfferUncheckedCreateInput, "userId">;
  createdAt: Date;
  postType: PostTypeName;
  type: OfferTypeName;
  title: string;
  likes: number;
  id?: number;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");

/** Year and month of a moment on the product's calendar. */
const monthKey = (date: Date) => {
  const local = inSaoPaulo(date);
  return `${local.getFullYear()}-${local.getMonth() + 1}`;
};

export async function seedDemo(prisma: PrismaClient, options: SeedDemoOptions = {}): Promise<SeedDemoCounts> {
  const now = options.now ?? new Date();
  const random = options.random ?? mulberry32(SEED);
  const nowMs = now.getTime();

  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const chance = (p: number) => random() < p;
  const shuffle = <T>(list: readonly T[]): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  };
  const sample = <T>(list: readonly T[], n: number) => shuffle(list).slice(0, n);
  const between = (fromMs: number, toMs: number) => new Date(fromMs + Math.floor(random() * Math.max(0, toMs - fromMs)));

  // ---- members ------------------------------------------------------------------------------
  const phones = new Set<string>([DEMO_SUPERUSER_PHONE]);
  const newPhone = (ddd: number) => {
    for (;;) {
      const phone = `55${ddd}9${int(6, 9)}${String(int(0, 9_999_999)).padStart(7, "0")}`;
      if (!phones.has(phone)) {
        phones.add(phone);
        return phone;
      }
    }
  };
  const cpfs = new Set<string>();
  const newCpf = () => {
    for (;;) {
      const nine = String(int(0, 999_999_999)).padStart(9, "0");
      if (/^(\d)\1{8}$/.test(nine)) continue;
      const cpf = nine + cpfCheckDigits(nine);
      if (!cpfs.has(cpf)) {
        cpfs.add(cpf);
        return cpf;
      }
    }
  };
  const birthDate = () => {
    const age = int(19, 64);
    const anniversary = Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate());
    return new Date(anniversary - int(1, 360) * DAY);
  };
  const cep = (city: City) => String(int(city.cep[0], city.cep[1])).padStart(5, "0") + String(int(0, 999)).padStart(3, "0");

  const COMPLETE = NAMES.length; // 35
  const INCOMPLETE = 5;
  const completePlans = shuffle<PlanName>([
    ...Array<PlanName>(13).fill("nobreza"),
    ...Array<PlanName>(12).fill("alteza"),
    // Imperatriz is announced, not sold ('EM BREVE'): no member has it (issue 15).
    ...Array<PlanName>(10).fill("majestade"),
  ]);
  // Every state at least once where possible, the big capitals more often.
  const cityPool = shuffle([
    ...shuffle(CITIES).slice(0, 30),
    cityNamed("São Paulo"),
    cityNamed("São Paulo"),
    cityNamed("Rio de Janeiro"),
    cityNamed("Belo Horizonte"),
    cityNamed("Curitiba"),
  ]);
  const emailDomains = ["example.com", "example.org", "example.net"];

  const planned: PlannedUser[] = [];
  const names = shuffle(NAMES);
  for (let i = 0; i < COMPLETE; i++) {
    const [fullName, nickname] = names[i];
    const plan = completePlans[i];
    const city = cityPool[i];
    const parts = fullName.split(" ");
    const handle = `${slug(parts[0])}.${slug(parts[parts.length - 1])}`;
    const email = `${handle}@${pick(emailDomains)}`;
    const activity = pick(PROFESSIONAL_ACTIVITIES);
    const interests = [...new Set([...(chance(0.6) ? [activity] : []), ...sample(INTERESTS, int(1, 3))])].slice(0, 3);
    const premium = plan === "majestade" || plan === "imperatriz";
    const sponsor = chance(0.5);
    const phone = newPhone(city.ddd);
    const createdAt = between(nowMs - 730 * DAY, nowMs - 3 * DAY);
    planned.push({
      plan,
      complete: true,
      city,
      data: {
        phone,
        whatsapp: phone,
        email,
        melhorEmail: chance(0.6) ? email : null,
        plan,
        profileComplete: true,
        fullName,
        nickname,
        cpf: newCpf(),
        birthDate: birthDate(),
        cep: cep(city),
        street: pick(STREETS),
        houseNumber: String(int(12, 2400)),
        complement: chance(0.4) ? pick(COMPLEMENTS) : null,
        neighborhood: pick(city.hoods),
        city: city.city,
        state: city.uf,
        professionalActivity: activity,
        interests,
        instagram: premium && chance(0.7) ? `@${handle.replace(".", "")}` : null,
        website: premium && chance(0.4) ? `https://${slug(nickname)}${slug(parts[parts.length - 1])}.example.com` : null,
        miniBio: null, // filled below, once the join date is known
        acceptedTerms: true,
        acceptedPrivacyPolicy: true,
        acceptedLGPD: true,
        isOver18: true,
        // The phones are made up but could belong to someone: never message them.
        whatsappNotificationsEnabled: false,
        businessType: sponsor ? pick(SPONSOR_FILTERS.businessType) : null,
        serviceType: sponsor ? pick(SPONSOR_FILTERS.serviceType) : null,
        entrepreneurProfile: sponsor ? pick(SPONSOR_FILTERS.profile) : null,
        shareWithSponsors: sponsor,
        lastSeenAt: between(Math.max(createdAt.getTime(), nowMs - 20 * DAY), nowMs - 5 * MINUTE),
        createdAt,
        updatedAt: createdAt,
      },
    });
  }
  for (let i = 0; i < INCOMPLETE; i++) {
    const createdAt = between(nowMs - 45 * DAY, nowMs - HOUR);
    planned.push({
      plan: "nobreza",
      complete: false,
      data: {
        phone: newPhone(pick(CITIES).ddd),
        whatsappNotificationsEnabled: false,
        createdAt,
        updatedAt: createdAt,
        lastSeenAt: createdAt,
      },
    });
  }
  planned.sort((a, b) => a.data.createdAt.getTime() - b.data.createdAt.getTime());
  let bioIndex = 0;
  planned.forEach((user, index) => {
    if (user.plan === "majestade" || user.plan === "imperatriz") {
      const years = Math.max(2, Math.round((nowMs - (user.data.birthDate as Date).getTime()) / (365 * DAY) / 4));
      user.data.miniBio = fill(MINI_BIOS[bioIndex++ % MINI_BIOS.length], {
        cidade: user.city!.city,
        atividade: String(user.data.professionalActivity),
        anos: String(Math.min(years, 15)),
      }).slice(0, LIMITS.miniBioMax);
    }
    const earlier = planned.slice(0, index).filter((u) => u.complete);
    if (earlier.length > 2 && chance(0.3)) user.referredBy = planned.indexOf(pick(earlier));
  });

  const adminCreatedAt = new Date(nowMs - 740 * DAY);
  const adminCity = cityNamed("São Paulo");
  const admin: PlannedUser = {
    plan: "majestade",
    complete: true,
    city: adminCity,
    data: {
      phone: DEMO_SUPERUSER_PHONE,
      whatsapp: DEMO_SUPERUSER_PHONE,
      email: "admin@example.org",
      melhorEmail: "admin@example.org",
      plan: "majestade",
      role: "superuser",
      profileComplete: true,
      fullName: "Administradora Coroa",
      nickname: "Admin",
      cpf: newCpf(),
      birthDate: new Date(Date.UTC(now.getUTCFullYear() - 42, 2, 8)),
      cep: "01310100",
      street: "Avenida Paulista",
      houseNumber: "1000",
      complement: "Conjunto 12",
      neighborhood: "Bela Vista",
      city: adminCity.city,
      state: adminCity.uf,
      professionalActivity: "Liderança & Empreendedorismo",
      interests: ["Liderança & Empreendedorismo", "Voluntariado"],
      website: "https://example.org/clube-coroa",
      miniBio: "Equipe do Clube Coroa. Estamos aqui para conectar mulheres que empreendem, cuidar da comunidade e ajudar cada associada a encontrar as parcerias certas.",
      acceptedTerms: true,
      acceptedPrivacyPolicy: true,
      acceptedLGPD: true,
      isOver18: true,
      lastSeenAt: new Date(nowMs - 2 * HOUR),
      createdAt: adminCreatedAt,
      updatedAt: adminCreatedAt,
    },
  };
  const everyone = [admin, ...planned];
  const completeMembers = planned.filter((u) => u.complete);

  // ---- offers -------------------------------------------------------------------------------
  const offers: PlannedOffer[] = [];
  const monthly = new Map<string, number>();
  const templateUses = new Map<OfferTemplate, number>();
  const authorWeight: Record<PlanName, number> = { nobreza: 1, alteza: 2, majestade: 3, imperatriz: 3 };
  const authorPool = completeMembers.flatMap((u) => Array<PlannedUser>(authorWeight[u.plan]).fill(u));
  const checkLengths = (title: string, description: string) => {
    if (title.length < LIMITS.offerTitle.min || title.length > LIMITS.offerTitle.max)
      throw new Error(`seedDemo: title out of range: ${title}`);
    if (description.length < LIMITS.offerDescription.min || description.length > LIMITS.offerDescription.max)
      throw new Error(`seedDemo: description out of range: ${description.slice(0, 40)}`);
  };

  ADMIN_OFFERS.forEach((post, i) => {
    const createdAt = new Date(nowMs - (i === 0 ? 85 : 20) * DAY);
    checkLengths(post.title, post.description);
    offers.push({
      author: 0,
      postType: "oferta",
      type: "apoio",
      title: post.title,
      createdAt,
      likes: 0,
      data: {
        postType: "oferta",
        type: "apoio",
        title: post.title,
        description: post.description,
        categories: post.categories,
        isUrgent: false,
        authorPlanRank: PLAN_RANK.majestade,
        authorJoinedAt: adminCreatedAt,
        state: adminCity.uf,
        createdAt,
        updatedAt: createdAt,
      },
    });
  });

  const MEMBER_OFFERS = 78;
  while (offers.length < ADMIN_OFFERS.length + MEMBER_OFFERS) {
    const author = pick(authorPool);
    const joined = author.data.createdAt.getTime();
    const createdAt = between(Math.max(nowMs - 90 * DAY, joined + HOUR), nowMs - 10 * MINUTE);
    const month = monthKey(createdAt);
    const used = (type: OfferTypeName) => monthly.get(`${author.data.phone}|${month}|${type}`) ?? 0;
    let type: OfferTypeName;
    if (author.plan === "nobreza") {
      // Free members post only support offers; keep it to two a month, like a careful member.
      if (used("apoio") >= 2) continue;
      type = "apoio";
    } else {
      const r = random();
      type = r < 0.4 ? "collab" : r < 0.75 ? "permuta" : "apoio";
      if (author.plan === "alteza" && type !== "apoio" && used(type) >= 2) {
        const other: OfferTypeName = type === "collab" ? "permuta" : "collab";
        type = used(other) < 2 ? other : "apoio";
      }
    }
    monthly.set(`${author.data.phone}|${month}|${type}`, used(type) + 1);

    const candidates = OFFER_TEMPLATES.filter((t) => t.type === type);
    const leastUsed = Math.min(...candidates.map((t) => templateUses.get(t) ?? 0));
    const template = pick(candidates.filter((t) => (templateUses.get(t) ?? 0) <= leastUsed + 1));
    templateUses.set(template, (templateUses.get(template) ?? 0) + 1);
    const values = { cidade: author.city!.city, uf: author.city!.uf };
    const title = fill(pick(template.titles), values);
    const description = fill(pick(template.descriptions), values);
    checkLengths(title, description);
    const categories = sample(template.categories, int(1, Math.min(3, template.categories.length)));
    offers.push({
      author: everyone.indexOf(author),
      postType: template.postType,
      type,
      title,
      createdAt,
      likes: 0,
      data: {
        postType: template.postType,
        type,
        title,
        description,
        categories,
        isUrgent: template.urgent === true || chance(0.05),
        authorPlanRank: PLAN_RANK[author.plan],
        authorJoinedAt: author.data.createdAt,
        state: author.data.state ?? null,
        createdAt,
        updatedAt: createdAt,
      },
    });
  }
  for (const offer of offers) {
    for (const category of offer.data.categories as string[]) {
      if (!(OFFER_CATEGORIES as readonly string[]).includes(category)) throw new Error(`seedDemo: unknown category ${category}`);
    }
  }

  // ---- likes --------------------------------------------------------------------------------
  const LIKES = 250;
  const likeKeys = new Set<string>();
  const likes: { user: number; offer: number; createdAt: Date }[] = [];
  const popularity = offers.map(() => 0.15 + random() ** 2 * 3);
  const totalPopularity = popularity.reduce((a, b) => a + b, 0);
  const pickOffer = () => {
    let r = random() * totalPopularity;
    for (let i = 0; i < popularity.length; i++) {
      r -= popularity[i];
      if (r <= 0) return i;
    }
    return popularity.length - 1;
  };
  const likers = completeMembers.map((u) => everyone.indexOf(u));
  while (likes.length < LIKES) {
    const offer = pickOffer();
    const user = pick(likers);
    if (offers[offer].author === user) continue;
    const key = `${user}|${offer}`;
    if (likeKeys.has(key)) continue;
    likeKeys.add(key);
    const from = Math.max(offers[offer].createdAt.getTime(), everyone[user].data.createdAt.getTime()) + MINUTE;
    likes.push({ user, offer, createdAt: between(from, nowMs - MINUTE) });
    offers[offer].likes++;
  }
  offers.forEach((o) => (o.data.likesCount = o.likes));

  // ---- conversations ------------------------------------------------------------------------
  interface PlannedConversation {
    offer: number;
    owner: number;
    interested: number;
    messages: { sender: number; content: string; createdAt: Date }[];
    ownerRead: Date;
    interestedRead: Date;
  }
  const conversations: PlannedConversation[] = [];
  const conversationKeys = new Set<string>();
  const CONVERSATIONS = 12;
  let scriptTurn = 0;
  for (let attempt = 0; conversations.length < CONVERSATIONS && attempt < 10_000; attempt++) {
    // The first two are about the club's own posts, so the demo superuser has messages too.
    const offerIndex = conversations.length < 2 ? conversations.length : int(ADMIN_OFFERS.length, offers.length - 1);
    const offer = offers[offerIndex];
    const interestedIndex = pick(likers);
    const interested = everyone[interestedIndex];
    if (interestedIndex === offer.author) continue;
    if (interested.plan === "nobreza" && offer.type !== "apoio") continue; // nobreza contacts only apoio
    const key = `${offerIndex}|${interestedIndex}`;
    if (conversationKeys.has(key)) continue;

    // The superuser's conversations end with the member's message, so she has something unread.
    const script =
      offerIndex < ADMIN_OFFERS.length
        ? CHATS_ADMIN[offerIndex]
        : (offer.postType === "oferta" ? CHATS_OFFER : CHATS_REQUEST)[scriptTurn++ % 4];
    const gaps = script.map((_, i) => (i === 0 ? 0 : chance(0.2) ? int(8, 20) * HOUR : int(2, 90) * MINUTE));
    const duration = gaps.reduce((a, b) => a + b, 0);
    const earliest = Math.max(offer.createdAt.getTime(), interested.data.createdAt.getTime()) + 30 * MINUTE;
    const latest = nowMs - duration - 10 * MINUTE;
    if (latest <= earliest) continue;
    // Conversations start in the daytime, São Paulo time.
    let t = between(earliest, latest).getTime();
    const localHour = inSaoPaulo(t).getHours();
    if (localHour < 8 || localHour >= 21) t += (((8 - localHour + 24) % 24) + int(0, 3)) * HOUR;
    if (t > latest) continue;
    // Replies land in waking hours too: one that would fall in the night waits for the morning.
    const times: number[] = [];
    for (const gap of gaps) {
      t += gap;
      const hour = inSaoPaulo(t).getHours();
      if (hour >= 23 || hour < 7) t += (((7 - hour + 24) % 24) + int(1, 3)) * HOUR + int(0, 59) * MINUTE;
      times.push(t);
    }
    if (t > nowMs - 10 * MINUTE) continue;
    conversationKeys.add(key);

    const owner = everyone[offer.author];
    const values = {
      dona: String(owner.data.nickname),
      interessada: String(interested.data.nickname),
      titulo: offer.title,
      cidadeI: interested.city!.city,
      cidadeO: owner.city!.city,
      atividadeI: String(interested.data.professionalActivity),
    };
    const messages = script.map((line, i) => ({
      sender: i % 2 === 0 ? interestedIndex : offer.author,
      content: fill(line, values),
      createdAt: new Date(times[i]),
    }));
    const last = messages[messages.length - 1];
    const lastBy = (who: number) => [...messages].reverse().find((m) => m.sender === who)!.createdAt;
    // In about half the conversations the one who did not write last has not read it yet.
    const unread = conversations.length < 2 || chance(0.5);
    const ownerRead = last.sender === offer.author || !unread ? last.createdAt : lastBy(offer.author);
    const interestedRead = last.sender === interestedIndex || !unread ? last.createdAt : lastBy(interestedIndex);
    conversations.push({ offer: offerIndex, owner: offer.author, interested: interestedIndex, messages, ownerRead, interestedRead });
  }
  if (conversations.length < CONVERSATIONS) throw new Error("seedDemo: could not plan the conversations");

  // ---- reports ------------------------------------------------------------------------------
  const reportPlans: { reason: "spam" | "fake"; customReason: string | null }[] = [
    { reason: "spam", customReason: null },
    { reason: "fake", customReason: "O perfil usa fotos de uma marca conhecida e não responde às mensagens." },
  ];
  const reports = reportPlans.map((plan) => {
    for (;;) {
      const offer = int(ADMIN_OFFERS.length, offers.length - 1);
      const reporter = pick(likers);
      if (reporter === offers[offer].author) continue;
      const from = Math.max(offers[offer].createdAt.getTime(), everyone[reporter].data.createdAt.getTime());
      return { ...plan, offer, reporter, createdAt: between(from, nowMs - MINUTE) };
    }
  });

  // ---- writing ------------------------------------------------------------------------------
  return prisma.$transaction(
    async (tx) => {
      if ((await tx.user.count()) > 0) {
        throw new Error("seedDemo: the database already has users; the demo data is only for an empty database.");
      }
      for (const user of everyone) {
        const referredById = user.referredBy === undefined ? null : planned[user.referredBy].id!;
        const created = await tx.user.create({ data: { ...user.data, referredById }, select: { id: true } });
        user.id = created.id;
      }
      for (const offer of offers) {
        const userId = everyone[offer.author].id!;
        const created = await tx.offer.create({ data: { ...offer.data, userId }, select: { id: true, type: true, createdAt: true } });
        offer.id = created.id;
        // Counted like a publication through the app, so plan allowances see it.
        await tx.offerPublication.create({ data: { userId, offerId: created.id, type: created.type, createdAt: created.createdAt } });
      }
      await tx.like.createMany({
        data: likes.map((like) => ({ userId: everyone[like.user].id!, offerId: offers[like.offer].id!, createdAt: like.createdAt })),
      });
      let messageCount = 0;
      for (const c of conversations) {
        const first = c.messages[0].createdAt;
        const ownerId = everyone[c.owner].id!;
        const interestedId = everyone[c.interested].id!;
        await tx.conversation.create({
          data: {
            offerId: offers[c.offer].id!,
            offerOwnerId: ownerId,
            interestedUserId: interestedId,
            createdAt: first,
            lastMessageAt: c.messages[c.messages.length - 1].createdAt,
            members: {
              create: [
                { userId: interestedId, joinedAt: first, lastReadAt: c.interestedRead },
                { userId: ownerId, joinedAt: first, lastReadAt: c.ownerRead },
              ],
            },
            messages: {
              createMany: {
                data: c.messages.map((m) => ({ senderId: everyone[m.sender].id!, content: m.content, createdAt: m.createdAt })),
              },
            },
          },
          select: { id: true },
        });
        messageCount += c.messages.length;
      }
      await tx.banner.createMany({
        data: [
          { url: "/banners/demo-1.svg", alt: "Encontro presencial do Clube Coroa: inscrições abertas", link: "https://example.org/encontro", position: 0 },
          { url: "/banners/demo-2.svg", alt: "Conheça o plano Majestade e dê destaque às suas propostas", link: "https://example.org/planos", position: 1 },
          { url: "/banners/demo-3.svg", alt: "Guia gratuito: como fazer a sua primeira permuta", link: "https://example.org/guia-permuta", position: 2 },
        ].map((b) => ({ ...b, active: true, createdAt: new Date(nowMs - 30 * DAY) })),
      });
      await tx.promoCode.createMany({
        data: [
          {
            code: "COROA10",
            description: "10% de desconto: R$ 2,79 na mensalidade ou R$ 30,00 na anuidade de qualquer plano pago.",
            monthlyDiscountCents: 279,
            annualDiscountCents: 3000,
            plans: [],
            active: true,
            createdAt: new Date(nowMs - 200 * DAY),
          },
          {
            code: "BEMVINDA",
            description: "Boas-vindas: R$ 5,00 de desconto na mensalidade ou R$ 50,00 no plano anual Alteza.",
            monthlyDiscountCents: 500,
            annualDiscountCents: 5000,
            plans: ["alteza"],
            active: true,
            validUntil: new Date(nowMs + 90 * DAY),
            maxUses: 200,
            createdAt: new Date(nowMs - 60 * DAY),
          },
          {
            code: "COROANATAL",
            description: "Campanha de fim de ano (encerrada): R$ 10,00 de desconto nos planos Majestade e Imperatriz.",
            monthlyDiscountCents: 1000,
            annualDiscountCents: 8000,
            plans: ["majestade", "imperatriz"],
            active: true,
            validUntil: new Date(nowMs - 120 * DAY),
            createdAt: new Date(nowMs - 400 * DAY),
          },
          {
            code: "PRIMEIRAS50",
            description: "Lançamento: R$ 7,00 de desconto para as 50 primeiras assinantes (esgotado).",
            monthlyDiscountCents: 700,
            annualDiscountCents: 7000,
            plans: [],
            active: true,
            maxUses: 50,
            usesCount: 50,
            createdAt: new Date(nowMs - 300 * DAY),
          },
        ],
      });
      await tx.report.createMany({
        data: reports.map((r) => ({
          reporterId: everyone[r.reporter].id!,
          reportedUserId: everyone[offers[r.offer].author].id!,
          offerId: offers[r.offer].id!,
          reason: r.reason,
          customReason: r.customReason,
          status: "pending" as const,
          createdAt: r.createdAt,
        })),
      });
      return {
        users: everyone.length,
        offers: offers.length,
        conversations: conversations.length,
        messages: messageCount,
        likes: likes.length,
      };
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}
