import { Anchor, Button, Container, List, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { PageHero, SITE_WIDTH } from '../components/PageSection';
import { findPostBySlug } from '../data/blog-posts';

function PostNotFound() {
  return (
    <PageHero
      title="Post not found"
      lead="We could not find that article. It may have moved or never existed."
      actions={
        <Button component={Link} to="/blog" leftSection={<IconArrowLeft size={16} aria-hidden="true" />}>
          Back to the blog
        </Button>
      }
    />
  );
}

export function BlogPostPage() {
  const { slug } = useParams();
  const post = findPostBySlug(slug);
  if (!post) return <PostNotFound />;

  return (
    <article>
      <PageHero eyebrow="Blog" title={post.title} lead={post.summary} />
      <Container size={SITE_WIDTH} pb="xl">
        <Stack gap="lg" maw={820}>
          {post.sections.map((section, index) => (
            <section key={section.heading ?? index} aria-label={section.heading}>
              {section.heading && (
                <Title order={2} fz="xl" mb="sm">
                  {section.heading}
                </Title>
              )}
              {section.paragraphs.map((paragraph) => (
                <Text key={paragraph} mb="sm">
                  {paragraph}
                </Text>
              ))}
              {section.bullets && (
                <List spacing="xs">
                  {section.bullets.map((bullet) => (
                    <List.Item key={bullet}>{bullet}</List.Item>
                  ))}
                </List>
              )}
            </section>
          ))}
          <Anchor component={Link} to="/blog">
            ← All posts
          </Anchor>
        </Stack>
      </Container>
    </article>
  );
}
