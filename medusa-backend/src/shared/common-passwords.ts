/**
 * Passwords and password stems that guessers try first, written for this project (no large
 * public list is available offline). Compiled from the well-known published top lists (the
 * RockYou leak's most frequent entries, the NCSC "100k most used" list's head, yearly "worst
 * passwords" lists), keyboard walks, and words of this shop (a guesser tries the site's name).
 *
 * The policy (password-policy.ts) compares lower-cased, "leet"-decoded stems: digits and
 * symbols around a word are stripped before the lookup, so "Password2024!" and "p@ssw0rd1234"
 * both hit "password" and one entry covers its numbered variants. That is why most entries are
 * shorter than the 12 characters a staff password needs.
 */
const WORDS = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123 football monkey
letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321 superman 1qaz2wsx 7777777
121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh hunter buster soccer harley batman andrew
tigger sunshine iloveyou 2000 charlie robert thomas hockey ranger daniel starwars klaster 112233 george computer
michelle jessica pepper 1111 zxcvbn 555555 11111111 131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess
joshua cheese amanda summer love ashley nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder
taylor matrix mobilemail mom monitor monitoring montana moon moscow mother movie mozilla music mustang1 password1
passw0rd pa55word p4ssword p4ssw0rd passwd passwort motdepasse contrasena senha parola salasana wachtwoord haslo
welcome welcome1 changeme changeit letmein1 opensesame secret supersecret topsecret hidden private confidential
admin admin1 administrator root toor sysadmin superuser manager guest default login logon user username test tester
testing demo sample example temp temporary qwerty1 qwertz azerty asdf asdfasdf asdfghjkl asdfjkl qwer qwerqwer
qweasd qweasdzxc qazwsxedc qazwsxedcrfv 1q2w3e 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y zaq12wsx zaq1zaq1 1qaz2wsx3edc
1qazxsw2 zxcv zxcvbnm1 poiuytrewq mnbvcxz lkjhgfdsa qwertyuiopasdfghjkl abc abcd abcde abcdef abcdefg abcdefgh
abcdefghijkl abcabc aaa aaaa abc123456 a1b2c3 a1b2c3d4 aa123456 iloveu iloveyou1 iloveyouforever ihateyou loveme
lovely lover loveyou babygirl babe baby sweetheart sweetie honey darling angel angels butterfly flower flowers
rainbow sunshine1 princess1 purple orange banana apple cherry peaches strawberry cookie chocolate candy sugar
cheese pizza pepper1 coffee whiskey beer vodka blowme fuckyou fuckoff asshole bitch bigdick hello hello1 helloworld
hi goodbye whatever nothing something anything everything blahblah yellow green blue red black white silver golden
diamond crystal summer1 winter spring autumn fall january february march april may june july august september
october november december monday tuesday wednesday thursday friday saturday sunday happy lucky lucky7 magic wizard
merlin dragon1 phoenix tiger lion eagle falcon hawk wolf bear shark panther jaguar cobra snake spider monkey1
donkey horse pony bunny kitty kitten puppy doggy dog cat fish chicken turtle rabbit hammer anthony william james
john david richard joseph charles christopher mark donald steven paul kevin brian edward ronald timothy jason jeffrey
ryan jacob gary nicholas eric stephen jonathan larry justin scott brandon frank benjamin gregory samuel raymond
patrick alexander jack dennis jerry tyler aaron henry peter adam nathan zachary walter kyle harold carl arthur mary
patricia linda barbara elizabeth susan margaret sarah karen nancy lisa betty dorothy sandra donna carol ruth sharon
emily laura deborah melissa stephanie rebecca anna samantha katherine christine emma olivia sophia isabella mia
charlotte abigail madison hannah natalie heather tiffany amber crystal1 brittany danielle victoria andrea jasmine
jordan23 michael1 charlie1 football1 baseball1 basketball soccer1 hockey1 golf tennis volleyball boxing racing
cowboys eagles steelers packers patriots giants yankees1 redsox lakers bulls celtics chelsea1 arsenal liverpool
manchester barcelona realmadrid juventus ferrari porsche mercedes bmw corvette camaro mustang2 harley1 yamaha
honda toyota nissan ford chevy jeep america usa canada mexico texas florida california chicago newyork london paris
berlin tokyo jesus jesus1 christ god godisgood blessed heaven angel1 faith hope grace trinity church bible amen
freedom1 liberty justice peace family friends friend forever always together mylove myself mylife money money1
rich cash dollar power master1 boss king queen prince kingdom legend hero heroes killer1 hunter1 sniper soldier
army navy marine ninja pirate zombie vampire ghost demon devil hell satan matrix1 neo starwars1 jedi yoda vader
pokemon pikachu naruto goku dragonball minecraft fortnite roblox mario zelda sonic halo gamer player gaming
computer1 internet google yahoo hotmail gmail facebook twitter instagram youtube apple1 iphone samsung android
microsoft windows linux ubuntu oracle cisco server database network security hacker hacking trustno ihateu shit
qwerty12 qwerty123 qwerty1234 1q2w3e4r5t6y7u8i9o0p 123abc 123qweasd 123qweasdzxc 1234qwer 12qwaszx q1w2e3r4
q1w2e3r4t5 a12345 abc12345 password12 password123 password1234 passwordpassword iloveyou123 letmein123
correcthorsebatterystaple thequickbrownfox thequickbrownfoxjumpsoverthelazydog ilovemyfamily ilovemymom
iloveyousomuch imissyou letmeinnow openthedoor opensesame1 nopassword nopass mypassword yourpassword thepassword
newpassword oldpassword password2 passpass passw0rd1 p@ssword p@ssw0rd secretpassword strongpassword
securepassword safepassword goodpassword verysecure
harbor harborhealth harborhealthpharmacy harbourhealth pharmacy pharmacist pharmacystaff onlinepharmacy medusa
medusajs medusaadmin staff staffpassword staffadmin adminpassword adminadmin administrator1 prescription
prescriptions medicine medicines medication doctor nurse hospital clinic health healthcare wellness patient
`

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter(Boolean))
