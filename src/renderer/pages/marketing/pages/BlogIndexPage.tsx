import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageHero, PageSection } from '../components/PageSection';
import { BLOG_POSTS, blogPostPath } from '../data/blog-posts';

export function BlogIndexPage() {
  return (
    <>
      <PageHero title="Blog" lead="Short, practical notes on getting GA4 tracking right." />
      <PageSection>
        <Stack gap="md">
          {BLOG_POSTS.map((post) => (
            <Card key={post.slug} withBorder padding="lg" component="article">
              <Title order={2} fz="lg" mb={6}>
                <Anchor component={Link} to={blogPostPath(post)}>
                  {post.title}
                </Anchor>
              </Title>
              <Text c="dimmed" fz="sm">
                {post.summary}
              </Text>
            </Card>
          ))}
        </Stack>
      </PageSection>
    </>
  );
}
