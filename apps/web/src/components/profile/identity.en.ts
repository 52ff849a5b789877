/** Labels of the identity form, shared by onboarding step 2 and the /profile editor. */
export default {
  picture: 'Profile picture',
  pictureHint: 'PNG, JPEG, WebP or GIF, up to 5 MB (optional)',
  pictureReading: 'Reading the picture…',
  choosePicture: 'Choose picture',
  fullName: 'Full Name',
  fullNamePlaceholder: 'Jane Doe',
  username: 'Username',
  usernamePlaceholder: 'janedoe',
  dateOfBirth: 'Date of Birth',
  bio: 'About Me',
  bioPlaceholder: 'Tell us a little about yourself (optional)',
  busy: 'Saving...',
};
