/**
 * The shipped synonym dictionary: everyday Indian grocery words in Hindi/Hinglish and other regional languages
 * (Marathi, Gujarati, Bengali, Tamil, Telugu, Kannada, Malayalam as commonly written in Roman letters), English
 * names, common misspellings and a few household brand names used as the name of the thing (maggi, surf, vim).
 * Each line is one group of words that mean the same to a shopper; a query word in a group also searches the
 * others. Built from common Indian grocery vocabulary (kirana lists, pack labels): docs/decisions/0035-search.md.
 */
const GROUPS = `
atta|aata|ata|wheat flour|gehun atta|godhi hittu|chakki atta|kanak
wheat|gehun|gehu|godhuma|gahu|kanak
flour|atta|pisan|peeth
besan|gram flour|chana flour|chickpea flour|kadalai maavu|senagapindi|besen
maida|refined flour|all purpose flour|mayda
sooji|suji|rava|rawa|semolina|ravva|sooji rava|bombay rava
ragi|nachni|finger millet|mandua|kezhvaragu
jowar|jwar|sorghum|jola|cholam
bajra|pearl millet|kambu|sajje
rice|chawal|chaval|chaawal|arisi|biyyam|akki|bhaat|tandul|chokha
basmati|basmathi|bas mati
poha|pohe|aval|avalakki|flattened rice|beaten rice|chura|chivda rice
idli rice|idly rice|parboiled rice|ukda chawal
dal|daal|dhal|pulses|lentils|paruppu|pappu|bele
toor|tur|arhar|tuvar|toovar|thuvaram|kandi|pigeon pea
masoor|masur|red lentil|malka
moong|mung|moog|green gram|pesarapappu|hesaru
urad|udad|urid|black gram|ulundu|minapa
chana|chhana|channa|chickpea|chick pea|kadalai|senagalu|harbara
kabuli chana|chole|chhole|white chana|garbanzo
kala chana|black chana|brown chickpea
rajma|rajmah|kidney beans|red beans
turmeric|haldi|halad|manjal|pasupu|arishina|holud
chilli|chili|mirch|mirchi|lal mirch|milagai|menasina|chillies|chilly
coriander|dhania|dhaniya|kothimbir|kothamalli|cilantro
cumin|jeera|jira|zeera|jeerakam|jeeragam|jeelakarra
pepper|kali mirch|black pepper|milagu|miriyalu|kalimiri
ginger|adrak|saunth|sonth|inji|allam|shunti
garlic|lahsun|lehsun|lasun|poondu|vellulli|bellulli
mango powder|amchur|amchoor|aamchur
hing|heeng|asafoetida|asafetida|perungayam|ingua
cardamom|elaichi|ilaichi|elachi|elakkai|yelakki
clove|laung|lavang|grambu|lavangam
cinnamon|dalchini|dalcheeni|pattai
mustard|sarson|rai|kadugu|avalu|sasive
fenugreek|methi|menthya|vendhayam|menthulu
kasuri methi|dry fenugreek leaves|kasoori methi
garam masala|garammasala
masala|masale|spice mix|spices
saffron|kesar|zafran|kumkumapuvvu
salt|namak|nimak|uppu|mith|lavan
sugar|chini|cheeni|shakkar|sakkare|panchadara|sakkarai
jaggery|gur|gud|bella|vellam|bellam
oil|tel|tael|ennai|nune|enne
mustard oil|sarson tel|sarson ka tel|kachi ghani
groundnut|peanut|moongphali|mungfali|shengdana|verkadalai|palli|kadalekai|singdana
coconut|nariyal|naryal|thengai|kobbari|tenginakai|nariyel
sesame|til|gingelly|ellu|nuvvulu
sunflower|surajmukhi
soyabean|soybean|soya|soy
olive|jaitun
ghee|ghi|desi ghee|neyyi|tuppa|nei
vanaspati|dalda|hydrogenated oil
milk|doodh|dudh|paal|palu|halu|dugdha
curd|dahi|yogurt|yoghurt|thayir|perugu|mosaru|doi
buttermilk|chaas|chhach|mattha|majjiga|moru
lassi|lasi
butter|makhan|makkhan|venna|benne
paneer|panir|cottage cheese|chhena
cheese|chiz|chees
cream|malai|malaai
milk powder|dudh powder|doodh powder
tea|chai|chay|chaha|theyilai|chai patti|chai patti|tea leaves|leaf tea
green tea|greentea
coffee|kaapi|kapi|kafi|filter kaapi
honey|shahad|shehad|madhu|jenu
jam|jelly|murabba
pickle|achar|achaar|aachar|oorugai|avakaya|uppinakayi|lonche
chutney|chatni|chattni
ketchup|sauce|tomato sauce|catchup
mayonnaise|mayo|mayonaise|mayonese|mayonez
noodles|maggi|maggie|chowmein|chow mein|instant noodles|noodle
pasta|macaroni|penne
vermicelli|sevai|seviyan|semiya|shavige|sewai
biscuits|biscuit|biskut|cookies|parle g|glucose biscuit
rusk|toast|khari|papay
cookies|cookie|nankhatai|nan khatai
chocolate|choclate|chocolet|choco|dairy milk
sweets|mithai|mithaai|kaju katli|soan papdi|gulab jamun|rasgulla|ladoo
ladoo|laddu|laddoo|ladu
gulab jamun|gulabjamun|jamun
rasgulla|rasagola|rosogolla|rasgolla
kaju katli|kaju barfi|kaju katri
soan papdi|son papdi|sohan papdi
namkeen|namkin|snacks|mixture|farsan|chivda|chiwda
bhujia|bhujiya|sev|aloo bhujia
chips|wafers|crisps|lays|kurkure
potato|aloo|alu|batata|urulai|bangaladumpa
tomato|tamatar|tamater|thakkali
onion|pyaz|pyaaz|kanda|vengayam|ullipaya|eerulli
lemon|nimbu|limbu|lime|elumichai|nimmakaya
mint|pudina|podina|pudhina
tamarind|imli|chinch|puli|chintapandu|hunase
mango|aam|amba|keri|mampazham
banana|kela|kele|vazhai|arati|bale
guava|amrood|amrud|peru|koyya
litchi|lichi|lychee
orange|santra|santara|narangi|kamala
almond|badam|baadam|badaam
cashew|kaju|kaaju|mundiri|jeedipappu|godambi
pistachio|pista
raisins|kishmish|kismis|munakka|dry grapes
walnut|akhrot
dates|khajur|khajoor|pericham
makhana|fox nut|foxnut|lotus seed|phool makhana
dry fruits|dry fruit|meva|mewa|dryfruits
oats|oat
corn flakes|cornflakes|corn flake
muesli|musli|museli
corn|makka|makai|bhutta
juice|jus|sharbat
coconut water|nariyal pani|elaneer|tender coconut
mango drink|aam ras|mango juice|frooti|maaza
jaljeera|jal jeera
soda|nimbu soda|lemon soda|shikanji
health drink|malt drink|horlicks|bournvita|boost|complan
glucose|glucon d|glucose powder
custard|custard powder
soup|shorba
dosa|dosai|dose|dosa mix
idli|idly|iddli
upma|uppittu|uppuma
dhokla|dhokla mix|khaman
biryani|biriyani|biriani|briyani
paneer butter masala|paneer makhani|butter paneer
palak|spinach|keerai|palakura
dal makhani|dal makhni|maa ki dal
soap|sabun|saabun|bath soap
sandalwood|chandan|gandham
neem|vepa|bevu|veppilai
tulsi|holy basil|tulasi
aloe vera|aloevera|gwarpatha
shampoo|shampu|hair wash
hair oil|tel malish|sar ka tel
amla|awla|gooseberry|nellikai|usirikaya
henna|mehendi|mehndi|mehandi|maruthani
shikakai|reetha|ritha|soapnut
toothpaste|manjan|colgate|tooth paste|dant manjan
toothbrush|tooth brush|brush
mouthwash|mouth wash
detergent|surf|washing powder|kapde dhone ka powder|nirma|tide
detergent bar|washing soap|kapde ka sabun|rin
dishwash|vim|bartan|bartan soap|dish wash|utensil cleaner
scrubber|juna|scrub pad|steel wool
phenyl|phenol|finail
floor cleaner|lizol|pocha
toilet cleaner|harpic|toilet
garbage bags|dustbin bags|kachra bag|trash bags
cleaner|safai
chakki|chakki fresh|stone ground
whole|sabut|sabut masala
powder|pisa|pisa hua|podi|pudi
roasted|bhuna|bhuna hua|roast
fresh|taza|taaza
organic|jaivik
pack|packet|pouch
`

/** Word groups: each a list of words or phrases that mean the same to a shopper. */
export const SYNONYM_GROUPS: readonly string[][] = GROUPS.trim()
  .split('\n')
  .map((line) => line.split('|').map((w) => w.trim()))
