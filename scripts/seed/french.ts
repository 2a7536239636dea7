// The demo's firm texts in French, so /fr/ reads French for the identity (Settings, Site), events,
// sessions and consultation types the seed writes (stored in each row's translations column, or
// the identity's, as the back office's French fields store them). Keyed by the seed keys of
// content.ts and ids of consultations.ts.

interface FrenchTexts {
  title: string;
  description: string;
}

/** `{"fr":{…}}`, the translations column of a row with French texts (none: `{}`). */
export function frenchTranslations(texts: FrenchTexts | undefined): string {
  return JSON.stringify(texts === undefined ? {} : { fr: texts });
}

export const FRENCH_EVENTS: Record<string, FrenchTexts> = {
  'ghana-exchange': {
    title: 'Rencontre d’affaires Diaspora–Ghana',
    description:
      'Une rencontre d’affaires au rythme soutenu qui met en relation entrepreneurs et investisseurs de la diaspora avec des entreprises ghanéennes sélectionnées à la recherche de partenaires, de distributeurs et de capitaux.',
  },
  'west-africa-summit': {
    title: 'Sommet de l’entrée sur les marchés d’Afrique de l’Ouest',
    description:
      'Deux jours d’ateliers pratiques pour s’implanter au Nigeria, en Côte d’Ivoire et au Sénégal : réglementation, distribution, prix et recrutement.',
  },
  'trade-mission': {
    title: 'Préparation de la mission commerciale en Amérique du Nord',
    description:
      'Préparer les exportateurs africains à une mission commerciale à Washington et à Toronto : rendez-vous acheteurs, conformité et logistique.',
  },
  'cultural-workshop': {
    title: 'Atelier d’intelligence culturelle 2025',
    description: 'Négocier entre cultures : l’atelier de l’an dernier, conservé pour mémoire.',
  },
};

export const FRENCH_SESSIONS: Record<string, FrenchTexts> = {
  'speed-networking': {
    title: 'Speed networking : agro-industrie et transformation alimentaire',
    description: 'Des rendez-vous de six minutes avec des transformateurs, des exportateurs et des acteurs de la chaîne du froid.',
  },
  'investor-briefing': {
    title: 'Séance d’information investisseurs : zones franches et incitations',
    description: 'Ce que propose le Ghana Investment Promotion Centre et comment en bénéficier.',
  },
  'nigeria-entry': {
    title: 'S’implanter au Nigeria : licences, banque et distribution',
    description: 'Une séance de travail avec un avocat local et un partenaire de distribution.',
  },
  francophone: {
    title: 'Afrique de l’Ouest francophone : Côte d’Ivoire et Sénégal',
    description: 'Taille des marchés, droit des affaires OHADA et équipes commerciales bilingues.',
  },
  'pricing-lab': {
    title: 'Atelier prix (reporté)',
    description: 'Fixer le prix des produits importés à partir de leur coût de revient rendu.',
  },
  compliance: {
    title: 'Conformité à l’importation aux États-Unis et au Canada',
    description: 'La FDA, l’ACIA, l’étiquetage et les courtiers en douane expliqués.',
  },
};

export const FRENCH_CONSULTATION_TYPES: Record<string, FrenchTexts> = {
  'seed-consultation-discovery': {
    title: 'Appel découverte',
    description: 'Un premier appel vidéo de 30 minutes sur votre marché, vos objectifs et la façon dont nous pouvons vous aider.',
  },
  'seed-consultation-workshop': {
    title: 'Atelier d’entrée sur le marché',
    description: 'Une séance de travail de 90 minutes à notre bureau sur votre plan d’implantation : réglementation, partenaires et premières étapes.',
  },
};

/** The demo firm's texts of Settings, Site in French (it has no footer text in either language). */
export const FRENCH_IDENTITY = {
  tagline: 'Cabinet de conseil en développement international pour les entreprises prêtes à grandir au-delà de leurs frontières.',
  siteDescription:
    'Cabinet de conseil en développement international : entrée sur les marchés, mise en relation d’affaires, missions commerciales et intelligence culturelle.',
  openingHours: 'Du lundi au vendredi, de 9 h à 18 h (heure de l’Est)',
  replyPromise: 'Nous répondons à chaque message sous 24 heures.',
  footerText: null,
};

/**
 * The shipped privacy text (DEFAULT_PRIVACY_TEXT) in French, paragraph for paragraph: the demo's
 * /fr/privacy reads French. Written only where the firm still has the shipped English text and no
 * French one (scripts/seed/run-seed.ts).
 */
export const FRENCH_PRIVACY_TEXT = [
  'Cette page explique quelles données personnelles nous recueillons sur ce site, pourquoi, et ce que vous pouvez nous demander d’en faire.',
  'Lorsque vous réservez une session ou une consultation, ou que vous nous envoyez un message, nous conservons ce que vous avez saisi dans le formulaire : votre nom, votre adresse e-mail, votre numéro de téléphone si vous l’avez donné, votre entreprise et vos réponses. Nous les utilisons uniquement pour organiser la réservation ou vous répondre, et pour vous envoyer les e-mails qui s’y rapportent.',
  'Nous ne vendons pas vos données et ne les partageons pas avec des annonceurs. Les e-mails partent de notre propre serveur de messagerie ; le site ne dépose aucun cookie de suivi.',
  'Vous pouvez à tout moment nous demander une copie de tout ce que nous détenons à votre sujet, ou sa suppression. Écrivez-nous à l’adresse de notre page de contact : nous vous répondrons sous un mois.',
].join('\n\n');

/** The demo home page's texts in French, in the order of the shipped hero, services and priorities. */
export const FRENCH_HOME = {
  heroSlides: [
    {
      title: 'Développement international',
      text: 'Emmenez votre entreprise sur de nouveaux marchés avec des partenaires, un plan et une connaissance du terrain qui font de l’ambition un chiffre d’affaires.',
    },
    {
      title: 'Conseil en stratégie',
      text: 'Une stratégie claire, fondée sur les données, à chaque étape de l’expansion : de la première étude de faisabilité à une activité qui tourne à l’étranger.',
    },
    {
      title: 'Entrée sur les marchés',
      text: 'Entrez sur les marchés d’Amérique du Nord, d’Europe et d’Afrique avec la bonne structure, les bons partenaires et moins de surprises.',
    },
  ],
  services: [
    {
      title: 'Conseil en entrée sur les marchés',
      text: 'Nous évaluons votre marché cible, traçons le parcours réglementaire et bâtissons un plan d’entrée par étapes, avec budgets et jalons clairs. Vous recevez une recommandation, y aller ou non, appuyée sur des données locales, pas sur des suppositions.',
    },
    {
      title: 'Mise en relation d’affaires',
      text: 'Nous vous présentons des distributeurs, fournisseurs, investisseurs et partenaires de coentreprise déjà vérifiés, adaptés à votre secteur et à votre taille. Chaque rendez-vous s’accompagne d’un dossier de préparation : la première conversation est déjà productive.',
    },
    {
      title: 'Missions commerciales',
      text: 'Nous organisons et conduisons des délégations à l’étranger, des visas et de la logistique à un programme complet de visites de sites et de rendez-vous B2B. Les participants rentrent avec des contacts qualifiés et un plan de suivi pour chacun.',
    },
    {
      title: 'Promotion de salons professionnels',
      text: 'Nous positionnons votre marque sur les salons internationaux, de la stratégie de stand aux rendez-vous avec des acheteurs fixés avant l’ouverture. Nous faisons aussi connaître vos propres événements aux bons publics grâce à nos réseaux sur trois continents.',
    },
    {
      title: 'Marketing international',
      text: 'Nous adaptons votre positionnement, vos messages et vos campagnes numériques à chaque nouveau marché et à chaque langue. Des partenaires locaux et des objectifs mesurables concentrent votre budget sur les acheteurs qui comptent.',
    },
    {
      title: 'Intelligence culturelle',
      text: 'Nous préparons vos équipes de direction et de vente à la manière dont les affaires se font vraiment sur les marchés où vous entrez. Des ateliers pratiques abordent styles de négociation, usages et prise de décision, pour qu’aucun contrat ne se perde dans la traduction.',
    },
  ],
  priorities: [
    {
      title: 'Des solutions centrées sur le client',
      text: 'Chaque mission part de vos objectifs, de votre budget et de votre calendrier. Pas de modèle tout fait : nous construisons le plan autour de votre entreprise.',
    },
    {
      title: 'Innovation et efficacité',
      text: 'Des méthodes sobres et des outils modernes vous mènent sur le marché plus vite et à moindre coût, sans rien bâcler.',
    },
    {
      title: 'Des analyses fondées sur les données',
      text: 'Dimensionnement des marchés, veille concurrentielle et données commerciales éclairent chacune de nos recommandations.',
    },
    {
      title: 'Conformité et maîtrise des risques',
      text: 'Nous signalons tôt les risques réglementaires, fiscaux et de réputation, pour que votre expansion repose sur des bases juridiques solides.',
    },
    {
      title: 'Des partenariats dans la durée',
      text: 'Nous restons à vos côtés après le lancement pour vous aider à grandir, à mesurer les résultats et à aborder le marché suivant.',
    },
  ],
  testimonials: [
    {
      role: 'PDG, Mensah Agro Exports',
      text: 'Global Reach Advisory nous a trouvé trois distributeurs qualifiés aux États-Unis en quatre mois. Leur préparation de chaque rendez-vous a fait de notre première mission commerciale la semaine la plus productive de notre entreprise.',
    },
    {
      role: 'Vice-présidente International, Brightline Medical',
      text: 'Nous allions entrer en Afrique de l’Ouest avec un plan écrit pour l’Europe. Abena et son équipe ont refait notre stratégie réglementaire et de partenariats, et notre premier produit a été homologué au Ghana en moins d’un an.',
    },
    {
      role: 'Fondatrice, Sahel Textiles',
      text: 'L’atelier d’intelligence culturelle a changé la façon dont notre équipe commerciale négocie avec les acheteurs nord-américains. Clair, pratique et utile de bout en bout : nous avons signé deux comptes de distribution le trimestre suivant.',
    },
  ],
  founder: {
    role: 'Fondatrice et consultante principale',
    bio: [
      'Abena Owusu a fondé Global Reach Advisory pour offrir aux entreprises en croissance l’expertise internationale habituellement réservée aux multinationales. Née à Kumasi et installée à Washington, elle aide depuis plus de dix ans les entreprises à circuler entre l’Amérique du Nord, l’Europe et l’Afrique.',
      'Avant de créer le cabinet, elle a dirigé des programmes d’entrée sur les marchés pour une agence de promotion commerciale et conseillé des exportateurs sur le choix de partenaires, la conformité et la stratégie commerciale. Titulaire d’un Executive MBA, elle intervient régulièrement sur l’investissement de la diaspora et le commerce intra-africain.',
    ],
  },
};
