// The demo's firm texts in French, so /fr/ reads French for the events, sessions and consultation
// types the seed writes (stored in each row's translations column, as the back office's French
// fields store them). Keyed by the seed keys of content.ts and ids of consultations.ts.

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
