import SITE_CONFIG from "@site-config";
import type { PageType } from "@/contracts/page";

const EN = 205;
const HI = 206;

export interface SeedPage {
  id: number;
  title: string;
  languageId: number;
  userGroupId: number | null;
  parentId: number;
  pageIndex: number;
  content: string;
  description?: string;
  pageType?: PageType;
  url?: string;
  sticky?: boolean;
  showInFooter?: boolean;
  showInMenu?: boolean;
  allowComments?: boolean;
  isDeleted?: boolean;
  /** A seed user id, or an id no user has (the page must still read), or null. */
  autherId: number | null;
  autherName?: string;
  date: string;
  socialPreview?: string;
  /** The page in Hindi under the same id (a translation; structure and flags are shared). */
  hi?: SeedText;
  /**
   * A page with no translation has a Hindi twin instead: a page of its own in the Hindi tree (the
   * footer trees, whose parents differ per language: en 29, hi 207).
   */
  hiTwin?: number;
}

export interface SeedText {
  title: string;
  content: string;
  description?: string;
}

/** Ids the portal and the tests rely on. */
export const SEED_PAGE_IDS = {
  about: SITE_CONFIG.PAGES.ABOUT_ID,
  donate: SITE_CONFIG.PAGES.DONATE_ID,
  participate: SITE_CONFIG.PAGES.PARTICIPATE_ID,
  navbar: SITE_CONFIG.PAGES.NAVBAR_ID,
  footerEn: SITE_CONFIG.PAGES.FOOTER_PARENT_ID.en,
  footerHi: SITE_CONFIG.PAGES.FOOTER_PARENT_ID.hi,
  /** Child of the navbar page, pageType Redirect. */
  redirect: 5969,
  /** Soft-deleted child of the navbar page: absent from the tree, 404 by id. */
  deleted: 5972,
  /** Not sticky: absent from the tree, still readable by id. */
  unlisted: 5973,
  /** In the footer tree with showInFooter false. */
  notInFooter: 33,
  /** Written by a user who no longer exists. */
  orphanAuthor: 32,
  /** Hindi twin of Credits (33), in the Hindi footer tree with showInFooter false. */
  creditsHi: 211,
} as const;

/** Root-relative URL of a seed illustration served by the files service. */
const img = (name: string) => `/files-api/api/get/raw/pages/seed/${name}`;

const aboutEn = `
<p class="lead">Community Conserved Areas (CCAs) are forests, wetlands, grasslands, rivers and coasts that local communities
protect and govern by their own rules, often for generations, and often without any help from the state.</p>
<h2>What makes an area a CCA?</h2>
<p>Three things are usually present: a community that is closely connected to the place, a system of decisions and rules
that the community itself makes and enforces, and results that conserve nature, whatever the original motive was:
faith, livelihood, water security or pride.</p>
<figure>
  <img src="${img("cca-landscape.svg")}" alt="A forested valley with a river and hills" width="800" height="360" />
  <figcaption>Many CCAs protect a whole landscape: the forest on the hills keeps the streams of the valley alive.</figcaption>
</figure>
<h3>Why they matter</h3>
<p>CCAs connect protected areas, shelter species that live nowhere else and keep alive the knowledge of those who manage
them. In South Asia they number in the thousands, from the sacred groves of the Western Ghats to the community forests of
Nagaland and the fishing commons of Chilika.</p>
<ul>
  <li>They conserve habitats outside the official network of parks and sanctuaries.</li>
  <li>They secure water, fodder, fuel and food for the people who look after them.</li>
  <li>They show that conservation can be fair to the people who live closest to nature.</li>
</ul>
<h2>Some examples from the region</h2>
<table>
  <thead>
    <tr><th>Area</th><th>State</th><th>Ecosystem</th><th>Community</th><th>How it is governed</th></tr>
  </thead>
  <tbody>
    <tr><td>Mawphlang sacred forest</td><td>Meghalaya</td><td>Subtropical forest</td><td>Khasi</td><td>Clan custom; nothing may be taken out of the grove</td></tr>
    <tr><td>Khonoma Nature Conservation and Tragopan Sanctuary</td><td>Nagaland</td><td>Montane forest</td><td>Angami Naga</td><td>Village council resolution banning hunting (1998)</td></tr>
    <tr><td>Mendha-Lekha forests</td><td>Maharashtra</td><td>Dry deciduous forest</td><td>Gond</td><td>Gram sabha holding community forest rights (2009)</td></tr>
    <tr><td>Banni grasslands</td><td>Gujarat</td><td>Tropical grassland</td><td>Maldhari pastoralists</td><td>Customary grazing commons</td></tr>
    <tr><td>Chilika lagoon fishing grounds</td><td>Odisha</td><td>Brackish-water lagoon</td><td>Fishing villages</td><td>Traditional fishing rights and seasonal closures</td></tr>
  </tbody>
</table>
<h3>About this portal</h3>
<p>This portal brings together what communities, researchers and supporters know about CCAs: a directory, maps,
documents and stories. Anyone may browse it; signed-in members can contribute records and join groups.</p>`;

const aboutHi = `
<p class="lead">सामुदायिक संरक्षित क्षेत्र (सीसीए) वे वन, आर्द्रभूमि, घास के मैदान, नदियाँ और तट हैं जिनकी रक्षा और प्रबंधन स्थानीय समुदाय
अपने नियमों से करते हैं, अक्सर पीढ़ियों से और अक्सर सरकार की किसी सहायता के बिना।</p>
<h2>कोई क्षेत्र सीसीए कब कहलाता है?</h2>
<p>आमतौर पर तीन बातें होती हैं: उस स्थान से गहराई से जुड़ा एक समुदाय, निर्णय और नियमों की एक व्यवस्था जिसे समुदाय स्वयं बनाता और लागू
करता है, और ऐसे परिणाम जिनसे प्रकृति का संरक्षण होता है, चाहे मूल कारण आस्था हो, आजीविका हो या जल सुरक्षा।</p>
<figure>
  <img src="${img("community-meeting.svg")}" alt="पेड़ के नीचे गोल घेरे में बैठक करते ग्रामीण" width="600" height="300" />
  <figcaption>ग्राम सभा की बैठक में वन के उपयोग के नियम तय किए जाते हैं।</figcaption>
</figure>
<h3>ये क्यों महत्वपूर्ण हैं</h3>
<p>सीसीए संरक्षित क्षेत्रों को आपस में जोड़ते हैं, दुर्लभ प्रजातियों को आश्रय देते हैं और पारंपरिक ज्ञान को जीवित रखते हैं।</p>
<table>
  <thead>
    <tr><th>क्षेत्र</th><th>राज्य</th><th>पारितंत्र</th><th>समुदाय</th></tr>
  </thead>
  <tbody>
    <tr><td>मावफलांग पवित्र वन</td><td>मेघालय</td><td>उपोष्णकटिबंधीय वन</td><td>खासी</td></tr>
    <tr><td>खोनोमा प्रकृति संरक्षण एवं ट्रैगोपैन अभयारण्य</td><td>नागालैंड</td><td>पर्वतीय वन</td><td>अंगामी नागा</td></tr>
    <tr><td>मेंढा-लेखा के वन</td><td>महाराष्ट्र</td><td>शुष्क पर्णपाती वन</td><td>गोंड</td></tr>
    <tr><td>चिलिका झील</td><td>ओडिशा</td><td>खारे पानी की झील</td><td>मछुआरा गाँव</td></tr>
  </tbody>
</table>`;

const simple = (...paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join("\n");

const mainEnglish: SeedPage[] = [
  {
    id: 45,
    title: "About Community Conserved Areas",
    description: "What Community Conserved Areas are, why they matter and where to find them in South Asia.",
    languageId: EN,
    userGroupId: null,
    parentId: 0,
    pageIndex: 1,
    content: aboutEn,
    showInMenu: true,
    showInFooter: true,
    allowComments: true,
    autherId: 1,
    date: "2024-06-05T09:30:00.000Z",
    socialPreview: "/seed/gallery/sacred-grove.jpg",
    hi: {
      title: "सामुदायिक संरक्षित क्षेत्रों के बारे में",
      description: "सामुदायिक संरक्षित क्षेत्र क्या हैं, ये क्यों महत्वपूर्ण हैं और दक्षिण एशिया में ये कहाँ हैं।",
      content: aboutHi,
    },
  },
  {
    id: 63,
    title: "Support the portal",
    description: "How your donation helps communities document and defend their conserved areas.",
    languageId: EN,
    userGroupId: null,
    parentId: 0,
    pageIndex: 2,
    content: `<h2>Why support us</h2>
${simple(
  "The portal is run by a small team and volunteers. Donations pay for field visits, translation into regional languages and the servers that keep the records online.",
  "We do not accept funds from companies whose operations threaten community lands.",
)}
<h3>Ways to give</h3>
<ul><li>A one-time contribution by bank transfer.</li><li>Monthly support as a friend of the portal.</li><li>Time and skills: translation, mapping, photography.</li></ul>`,
    showInMenu: true,
    showInFooter: true,
    autherId: 4,
    date: "2024-07-12T11:00:00.000Z",
    hi: {
      title: "पोर्टल का समर्थन करें",
      description: "आपका दान समुदायों को अपने संरक्षित क्षेत्रों का दस्तावेज़ीकरण और उनकी रक्षा करने में कैसे मदद करता है।",
      content: `<h2>हमारा समर्थन क्यों करें</h2>
${simple(
  "यह पोर्टल एक छोटी टीम और स्वयंसेवक चलाते हैं। दान से क्षेत्र-भ्रमण, क्षेत्रीय भाषाओं में अनुवाद और वे सर्वर चलते हैं जिन पर ये अभिलेख ऑनलाइन रहते हैं।",
  "हम उन कंपनियों से धन नहीं लेते जिनके काम से सामुदायिक भूमि को ख़तरा है।",
)}
<h3>सहयोग के तरीके</h3>
<ul><li>बैंक हस्तांतरण से एक बार का योगदान।</li><li>पोर्टल के मित्र के रूप में मासिक सहयोग।</li><li>समय और कौशल: अनुवाद, मानचित्रण, फ़ोटोग्राफ़ी।</li></ul>`,
    },
  },
  {
    id: 204,
    title: "How to participate",
    description: "Add a conserved area, share documents and join a group.",
    languageId: EN,
    userGroupId: null,
    parentId: 0,
    pageIndex: 3,
    content: `<h2>Add what you know</h2>
<ol><li>Create an account and confirm your mobile number or e-mail.</li><li>Choose a form, for example “CCA inventory”, and fill in what you know.</li><li>Add photographs and draw the area’s boundary.</li><li>Submit: your record is published at once, and you can edit it later. Curators may correct or remove it.</li></ol>
<p>Communities decide what is published about their areas. Please ask before sharing sensitive locations such as sacred sites.</p>`,
    showInMenu: true,
    autherId: 4,
    date: "2024-07-20T08:15:00.000Z",
    hi: {
      title: "भागीदारी कैसे करें",
      description: "कोई संरक्षित क्षेत्र जोड़ें, दस्तावेज़ साझा करें और किसी समूह से जुड़ें।",
      content: `<h2>अपनी जानकारी जोड़ें</h2>
<ol><li>खाता बनाएँ और अपना मोबाइल नंबर या ई-मेल सत्यापित करें।</li><li>कोई फ़ॉर्म चुनें, जैसे “सीसीए सूची”, और जो जानते हैं वह भरें।</li><li>फ़ोटो जोड़ें और क्षेत्र की सीमा बनाएँ।</li><li>फ़ॉर्म भेजें: आपका रिकॉर्ड तुरंत प्रकाशित हो जाता है और आप बाद में उसमें बदलाव कर सकते हैं। क्यूरेटर उसे ठीक कर सकते हैं या हटा सकते हैं।</li></ol>
<p>अपने क्षेत्रों के बारे में क्या प्रकाशित हो, यह समुदाय तय करते हैं। पवित्र स्थलों जैसे संवेदनशील स्थानों को साझा करने से पहले कृपया पूछ लें।</p>`,
    },
  },
  {
    id: 5965,
    title: "Explore",
    description: "Learn about Community Conserved Areas.",
    languageId: EN,
    userGroupId: null,
    parentId: 0,
    pageIndex: 4,
    content: simple("Start here to learn what Community Conserved Areas are, where they are and how the law recognises them."),
    autherId: 1,
    date: "2024-05-01T10:00:00.000Z",
    hi: {
      title: "अन्वेषण करें",
      description: "सामुदायिक संरक्षित क्षेत्रों के बारे में जानें।",
      content: simple("सामुदायिक संरक्षित क्षेत्र क्या हैं, कहाँ हैं और क़ानून उन्हें कैसे मान्यता देता है, यह जानना यहाँ से शुरू करें।"),
    },
  },
  {
    id: 5966,
    title: "What is a CCA?",
    languageId: EN,
    userGroupId: null,
    parentId: 5965,
    pageIndex: 2,
    content: `<h2>A short definition</h2>
${simple(
  "A Community Conserved Area is a natural area governed by a community that has a close relationship with it, where the community’s decisions lead to the conservation of nature.",
  "Internationally such places are also called ICCAs, or territories of life.",
)}`,
    showInMenu: true,
    autherId: 1,
    date: "2024-05-02T10:00:00.000Z",
    hi: {
      title: "सीसीए क्या है?",
      content: `<h2>एक संक्षिप्त परिभाषा</h2>
${simple(
  "सामुदायिक संरक्षित क्षेत्र एक प्राकृतिक क्षेत्र है जिसका प्रबंधन उससे गहराई से जुड़ा एक समुदाय करता है, और जहाँ समुदाय के निर्णयों से प्रकृति का संरक्षण होता है।",
  "अंतरराष्ट्रीय स्तर पर ऐसे स्थानों को आईसीसीए या जीवन के क्षेत्र भी कहा जाता है।",
)}`,
    },
  },
  {
    id: 5967,
    title: "CCAs by region",
    languageId: EN,
    userGroupId: null,
    parentId: 5965,
    pageIndex: 1,
    content: simple("Conserved areas differ from one landscape to another. Choose a region to read more."),
    autherId: 1,
    date: "2024-05-03T10:00:00.000Z",
    hi: {
      title: "क्षेत्रवार सीसीए",
      content: simple("संरक्षित क्षेत्र हर भू-दृश्य में अलग होते हैं। और जानने के लिए कोई क्षेत्र चुनें।"),
    },
  },
  {
    id: 5970,
    title: "North-east India",
    languageId: EN,
    userGroupId: null,
    parentId: 5967,
    pageIndex: 1,
    content: simple(
      "In Nagaland, Meghalaya and Arunachal Pradesh most forests are owned by communities and clans. Village councils have declared hundreds of community reserves.",
    ),
    autherId: 1,
    date: "2024-05-04T10:00:00.000Z",
    hi: {
      title: "पूर्वोत्तर भारत",
      content: simple(
        "नागालैंड, मेघालय और अरुणाचल प्रदेश में अधिकांश जंगल समुदायों और कुलों के स्वामित्व में हैं। ग्राम परिषदों ने सैकड़ों सामुदायिक आरक्षित क्षेत्र घोषित किए हैं।",
      ),
    },
  },
  {
    id: 5971,
    title: "Western Ghats",
    languageId: EN,
    userGroupId: null,
    parentId: 5967,
    pageIndex: 2,
    content: `${simple("Thousands of sacred groves dot the Western Ghats, from the devrais of Maharashtra to the kavus of Kerala.")}
<img src="${img("cca-landscape.svg")}" alt="A forested valley with a river and hills" width="800" height="360" />`,
    autherId: 1,
    date: "2024-05-05T10:00:00.000Z",
    hi: {
      title: "पश्चिमी घाट",
      content: `${simple("पश्चिमी घाट में हज़ारों पवित्र उपवन हैं, महाराष्ट्र की देवराई से लेकर केरल के कावु तक।")}
<img src="${img("cca-landscape.svg")}" alt="नदी और पहाड़ियों वाली एक वनाच्छादित घाटी" width="800" height="360" />`,
    },
  },
  {
    id: 5968,
    title: "Legal recognition",
    languageId: EN,
    userGroupId: null,
    parentId: 5965,
    pageIndex: 3,
    content: `<h2>Laws that recognise community governance</h2>
<table>
  <thead><tr><th>Law</th><th>Year</th><th>What it offers communities</th></tr></thead>
  <tbody>
    <tr><td>Forest Rights Act</td><td>2006</td><td>Community forest resource rights over customary forests</td></tr>
    <tr><td>Wildlife (Protection) Act, community reserves</td><td>2002 amendment</td><td>A protected-area category managed by a community committee</td></tr>
    <tr><td>Biological Diversity Act</td><td>2002</td><td>Biodiversity management committees and heritage sites</td></tr>
  </tbody>
</table>`,
    autherId: 1,
    date: "2024-05-06T10:00:00.000Z",
    hi: {
      title: "कानूनी मान्यता",
      content: `<h2>सामुदायिक प्रबंधन को मान्यता देने वाले क़ानून</h2>
<table>
  <thead><tr><th>क़ानून</th><th>वर्ष</th><th>समुदायों के लिए क्या है</th></tr></thead>
  <tbody>
    <tr><td>वन अधिकार अधिनियम</td><td>2006</td><td>पारंपरिक वनों पर सामुदायिक वन संसाधन अधिकार</td></tr>
    <tr><td>वन्यजीव (संरक्षण) अधिनियम, सामुदायिक आरक्षित क्षेत्र</td><td>2002 का संशोधन</td><td>एक सामुदायिक समिति द्वारा प्रबंधित संरक्षित क्षेत्र की श्रेणी</td></tr>
    <tr><td>जैविक विविधता अधिनियम</td><td>2002</td><td>जैव विविधता प्रबंधन समितियाँ और धरोहर स्थल</td></tr>
  </tbody>
</table>`,
    },
  },
  {
    id: 5969,
    title: "ICCA Registry",
    languageId: EN,
    userGroupId: null,
    parentId: 5965,
    pageIndex: 4,
    pageType: "Redirect",
    url: "https://www.iccaregistry.org/",
    content: "",
    autherId: 1,
    date: "2024-05-07T10:00:00.000Z",
    hi: { title: "आईसीसीए रजिस्ट्री", content: "" },
  },
  {
    id: 5972,
    title: "Draft: notes from the 2019 survey",
    languageId: EN,
    userGroupId: null,
    parentId: 5965,
    pageIndex: 5,
    content: simple("These notes were replaced by the regional pages."),
    isDeleted: true,
    autherId: 4,
    date: "2019-11-10T10:00:00.000Z",
    hi: { title: "मसौदा: 2019 के सर्वेक्षण के नोट्स", content: simple("इन नोट्स की जगह अब क्षेत्रीय पृष्ठ हैं।") },
  },
  {
    id: 5973,
    title: "Field guide for surveyors",
    languageId: EN,
    userGroupId: null,
    parentId: 5965,
    pageIndex: 6,
    content: simple("A checklist for volunteers visiting a conserved area for the first time. Shared by link only."),
    sticky: false,
    autherId: 4,
    date: "2024-08-01T10:00:00.000Z",
    hi: {
      title: "सर्वेक्षकों के लिए फ़ील्ड गाइड",
      content: simple("पहली बार किसी संरक्षित क्षेत्र में जाने वाले स्वयंसेवकों के लिए एक जाँच-सूची। केवल लिंक से साझा की जाती है।"),
    },
  },
  {
    id: 29,
    title: "About the portal",
    languageId: EN,
    userGroupId: null,
    parentId: 0,
    pageIndex: 5,
    content: simple("Who runs the portal, and the terms under which its content is shared."),
    showInFooter: true,
    autherId: 1,
    date: "2024-04-01T10:00:00.000Z",
    hiTwin: 207,
  },
  {
    id: 30,
    title: "Terms of use",
    languageId: EN,
    userGroupId: null,
    parentId: 29,
    pageIndex: 1,
    content: simple(
      "Content is shared under the Creative Commons licence chosen by each contributor. Locations of sensitive sites may be withheld at the request of the community.",
    ),
    showInFooter: true,
    autherId: 1,
    date: "2024-04-02T10:00:00.000Z",
    hiTwin: 208,
  },
  {
    id: 31,
    title: "Privacy policy",
    languageId: EN,
    userGroupId: null,
    parentId: 29,
    pageIndex: 2,
    content: simple("We keep your name, e-mail or mobile number and what you contribute. We never sell personal data."),
    showInFooter: true,
    autherId: 1,
    date: "2024-04-03T10:00:00.000Z",
    hiTwin: 209,
  },
  {
    id: 32,
    title: "Contact us",
    languageId: EN,
    userGroupId: null,
    parentId: 29,
    pageIndex: 3,
    content: simple("Write to cca-portal@example.org. We answer in English and Hindi."),
    showInFooter: true,
    autherId: 99,
    autherName: "Former editor",
    date: "2024-04-04T10:00:00.000Z",
    hiTwin: 210,
  },
  {
    id: 33,
    title: "Credits",
    languageId: EN,
    userGroupId: null,
    parentId: 29,
    pageIndex: 4,
    content: simple("Illustrations by the portal team. Built on the open biodiversity informatics platform."),
    showInFooter: false,
    autherId: 1,
    date: "2024-04-05T10:00:00.000Z",
    hiTwin: 211,
  },
];

const mainHindi: SeedPage[] = [
  {
    id: 207,
    title: "पोर्टल के बारे में",
    languageId: HI,
    userGroupId: null,
    parentId: 0,
    pageIndex: 3,
    content: simple("पोर्टल कौन चलाता है और इसकी सामग्री किन शर्तों पर साझा की जाती है।"),
    showInFooter: true,
    autherId: 1,
    date: "2024-04-01T10:00:00.000Z",
  },
  {
    id: 208,
    title: "उपयोग की शर्तें",
    languageId: HI,
    userGroupId: null,
    parentId: 207,
    pageIndex: 1,
    content: simple("सामग्री प्रत्येक योगदानकर्ता द्वारा चुने गए क्रिएटिव कॉमन्स लाइसेंस के अंतर्गत साझा की जाती है।"),
    showInFooter: true,
    autherId: null,
    date: "2024-04-02T10:00:00.000Z",
  },
  {
    id: 209,
    title: "गोपनीयता नीति",
    languageId: HI,
    userGroupId: null,
    parentId: 207,
    pageIndex: 2,
    content: simple("हम आपका नाम, ई-मेल या मोबाइल नंबर और आपका योगदान सुरक्षित रखते हैं। हम व्यक्तिगत जानकारी कभी नहीं बेचते।"),
    showInFooter: true,
    autherId: 1,
    date: "2024-04-03T10:00:00.000Z",
  },
  {
    id: 210,
    title: "संपर्क करें",
    languageId: HI,
    userGroupId: null,
    parentId: 207,
    pageIndex: 3,
    content: simple("cca-portal@example.org पर लिखें। हम हिन्दी और अंग्रेज़ी में उत्तर देते हैं।"),
    showInFooter: true,
    autherId: 1,
    date: "2024-04-04T10:00:00.000Z",
  },
  {
    id: 211,
    title: "आभार",
    languageId: HI,
    userGroupId: null,
    parentId: 207,
    pageIndex: 4,
    content: simple("चित्र पोर्टल टीम के हैं। यह पोर्टल मुक्त जैव विविधता सूचना मंच पर बना है।"),
    showInFooter: false,
    autherId: 1,
    date: "2024-04-05T10:00:00.000Z",
  },
];

/** A small tree per group: two roots and a child, each in English and (same ids) in Hindi. */
function groupPages(
  groupId: number,
  firstId: number,
  en: [string, string, string, string],
  hi: [string, string, string, string],
  image: string,
): SeedPage[] {
  const base = { userGroupId: groupId, languageId: EN, autherId: 4, date: "2024-09-01T10:00:00.000Z" };
  const picture = (alt: string) => `<img src="${img(image)}" alt="${alt}" width="600" height="260" />`;
  return [
    {
      ...base,
      id: firstId,
      parentId: 0,
      pageIndex: 1,
      title: en[0],
      content: `${simple(en[1])}\n${picture("")}`,
      showInMenu: true,
      hi: { title: hi[0], content: `${simple(hi[1])}\n${picture("")}` },
    },
    { ...base, id: firstId + 1, parentId: 0, pageIndex: 2, title: en[2], content: simple(en[3]), hi: { title: hi[2], content: simple(hi[3]) } },
    {
      ...base,
      id: firstId + 2,
      parentId: firstId + 1,
      pageIndex: 1,
      title: `${en[2]}: how to take part`,
      content: simple("Members meet on the first Sunday of every month. Everyone from the villages is welcome."),
      hi: { title: `${hi[2]}: भाग कैसे लें`, content: simple("सदस्य हर महीने के पहले रविवार को मिलते हैं। गाँवों के सभी लोगों का स्वागत है।") },
    },
  ];
}

const groupTrees: SeedPage[] = [
  ...groupPages(
    1,
    1001,
    ["About the network", "Villagers, temple committees and naturalists who look after sacred groves across the Western Ghats.", "Grove stories", "Accounts of how each grove has been protected, told by the people who protect it."],
    ["नेटवर्क के बारे में", "पश्चिमी घाट में पवित्र उपवनों की देखभाल करने वाले ग्रामीण, मंदिर समितियाँ और प्रकृतिप्रेमी।", "उपवनों की कहानियाँ", "हर उपवन की रक्षा कैसे हुई, उन्हीं लोगों के शब्दों में जो उसकी रक्षा करते हैं।"],
    "community-meeting.svg",
  ),
  ...groupPages(
    2,
    1011,
    ["About us", "Village councils of Nagaland that have declared community reserves and banned hunting in them.", "Village councils", "How councils make and enforce the rules of a community reserve."],
    ["हमारे बारे में", "नागालैंड की ग्राम परिषदें जिन्होंने सामुदायिक आरक्षित क्षेत्र घोषित किए हैं और उनमें शिकार पर रोक लगाई है।", "ग्राम परिषदें", "परिषदें सामुदायिक आरक्षित क्षेत्र के नियम कैसे बनाती और लागू करती हैं।"],
    "cca-landscape.svg",
  ),
  ...groupPages(
    3,
    1021,
    ["About Banni", "Maldhari herders and their Banni buffalo depend on the grasslands, and the grasslands on their grazing rules.", "Grazing calendar", "When and where herds may graze, season by season."],
    ["बन्नी के बारे में", "मालधारी पशुपालक और उनकी बन्नी भैंसें इन घास के मैदानों पर निर्भर हैं, और घास के मैदान उनके चराई के नियमों पर।", "चराई कैलेंडर", "हर मौसम में पशु कब और कहाँ चर सकते हैं।"],
    "community-meeting.svg",
  ),
  ...groupPages(
    4,
    1031,
    ["About Chilika", "Fishing villages around the lagoon share its waters by customary rules and protect the mouth of the lagoon.", "Fishing calendar", "Closed seasons and areas agreed by the fishing villages."],
    ["चिलिका के बारे में", "झील के चारों ओर के मछुआरा गाँव पारंपरिक नियमों से इसके जल को साझा करते हैं और झील के मुहाने की रक्षा करते हैं।", "मछली पकड़ने का कैलेंडर", "मछुआरा गाँवों द्वारा तय किए गए प्रतिबंधित मौसम और क्षेत्र।"],
    "lagoon-boats.svg",
  ),
];

export const SEED_PAGES: readonly SeedPage[] = [...mainEnglish, ...mainHindi, ...groupTrees];

export interface SeedGalleryItem {
  pageId: number;
  fileName: string;
  /** In the page's own language (English); `captionHi` in Hindi. */
  caption: string;
  captionHi: string;
  attribution: string;
  licenseId: number;
  displayOrder: number;
}

export const SEED_GALLERY: readonly SeedGalleryItem[] = [
  {
    pageId: 45,
    fileName: "/seed/gallery/sacred-grove.jpg",
    caption: "The canopy of a sacred grove",
    captionHi: "एक देववन की छतरी",
    attribution: "Portal team",
    licenseId: SITE_CONFIG.LICENSES.BY,
    displayOrder: 1,
  },
  {
    pageId: 45,
    fileName: "/seed/gallery/grassland-dusk.jpg",
    caption: "Banni grassland at dusk",
    captionHi: "साँझ के समय बन्नी घास का मैदान",
    attribution: "Portal team",
    licenseId: SITE_CONFIG.LICENSES.BY_SA,
    displayOrder: 2,
  },
];
